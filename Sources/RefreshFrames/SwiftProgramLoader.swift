import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram

/// Runs a spec's Swift program (`"program": {"swift": …}`) for `SpecDocument`: reads the files
/// relative to the spec, parses them with swiftc (cached by content), runs them through the
/// scenario with the UIKit binding. Keeps the code's warnings, and the code's own error, so that
/// the command prints them as the code's `File.swift:LINE:COLUMN` lines (and the library's
/// `LoadError` is that line). One load (or a watch session's reloads, one after another) uses it at
/// a time.
package final class SwiftProgramLoader: @unchecked Sendable {
    let directory: String
    let parserOptions: SwiftParser.Options
    package private(set) var warnings: [CodeDiagnostic] = []
    /// Run the code only as far as the state at this instant needs (`state --at`).
    package var runsUntil: Double?
    /// The line the run stopped with, when the code (or reading it) failed.
    package private(set) var failure: String?

    package init(directory: String, environment: [String: String]) {
        self.directory = directory
        parserOptions = SwiftParser.Options(cacheDirectory: SwiftParser.defaultCacheDirectory(environment: environment))
    }

    /// A program file's path as the user opens it: relative to the spec's directory.
    func path(of file: String) -> String {
        file.hasPrefix("/") || directory.isEmpty ? file : directory + "/" + file
    }

    package func run(_ reference: SwiftProgramReference, over base: Timeline, now: Int64) throws -> RuntimeRun {
        var files: [SourceFile] = []
        for (index, file) in reference.files.enumerated() {
            let jsonPath = reference.files.count == 1 ? "program.swift" : "program.swift[\(index)]"
            do {
                let bytes = try InputFile.read(
                    path(of: file), limit: CodeLimits.sourceBytes, limitName: "codeSourceBytes",
                    expected: "a Swift file")
                // Named as the user would write it (`ps/../app/V.swift` is `app/V.swift`).
                files.append(SourceFile(name: FilePath.lexicallyNormalized(path(of: file)), bytes: bytes))
            } catch {
                throw SpecDiagnostic(path: jsonPath, location: nil, message: error.description)
            }
        }
        let options = parserOptions
        do {
            let module = try SwiftCodeReader.read(files) { migrated in
                let output = try SwiftParser.parse(source: migrated.bytes, file: migrated.name, options: options)
                return SwiftCodeReader.Parsed(json: output.json, diagnostics: output.diagnostics)
            }
            var runner = SwiftProgramRunner(module: module, className: reference.className)
            runner.workDurationGiven = reference.workDurationGiven
            runner.runsUntil = runsUntil
            runner.images =
                CodeImages(spec: base.spec, directory: directory, code: reference.files.first.map(path(of:))).find
            runner.colors =
                CodeColors(spec: base.spec, directory: directory, code: reference.files.first.map(path(of:))).find
            var runWarnings: [CodeDiagnostic] = []
            // The warnings are kept when the run fails too: the command prints them before its error.
            defer { warnings = module.diagnostics + runWarnings }
            let result = try runner.run(over: base, now: now, warnings: &runWarnings)
            return result.run
        } catch let error as CodeDiagnostic {
            failure = error.description
            throw SpecDiagnostic(path: "program.swift", location: nil, message: error.description)
        } catch let error as CLIError {
            failure = error.message
            throw SpecDiagnostic(path: "program.swift", location: nil, message: error.message)
        }
    }
}
