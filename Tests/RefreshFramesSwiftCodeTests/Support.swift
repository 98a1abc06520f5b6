import Foundation
import RefreshFramesCommandLine
import RefreshFramesSwiftCode
import Testing

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A fixture's text: `Tutorials/marquee.swift.txt` under Fixtures/, or a path from the package root.
func fixture(_ path: String) throws -> String {
    let url =
        path.hasPrefix("Tests/") || path.hasPrefix("samples/")
        ? packageRoot.appendingPathComponent(path)
        : packageRoot.appendingPathComponent("Tests/RefreshFramesSwiftCodeTests/Fixtures/" + path)
    return try String(contentsOf: url, encoding: .utf8)
}

/// The four tutorials' code, gathered from the seeds (Fixtures/Tutorials/README.md says how).
let tutorials = ["rotate-scale", "color-dots", "marquee", "classic-spinner"]

/// What `refresh-frames swift` writes for the four samples (kept current by RefreshFramesSwiftGenTests).
let generatedViews = [
    "RotateScaleRefreshView", "ColorDotsRefreshView", "MarqueeRefreshView", "ClassicSpinnerRefreshView",
]

struct ParseFailure: Error, CustomStringConvertible {
    var description: String
}

/// Reads Swift as the tool does: migration, swiftc's parser, the decoder.
func decode(_ source: String, file: String = "Test.swift") throws -> CodeModule {
    try decode([SourceFile(name: file, text: source)])
}

func decode(_ files: [SourceFile]) throws -> CodeModule {
    try SwiftCodeReader.read(files) { migrated in
        do {
            let output = try SwiftParser.parse(source: migrated.bytes, file: migrated.name)
            return SwiftCodeReader.Parsed(json: output.json, diagnostics: output.diagnostics)
        } catch let error as CLIError {
            throw ParseFailure(description: error.message)
        }
    }
}

/// Runs `source`'s top-level code and the run loop until `seconds`: the lines it printed (`0.25 s tick`),
/// then its warnings.
func run(
    _ source: String, until seconds: Double = 60, natives: NativeLibrary = .standard, limits: CodeLimits = .standard,
    file: String = "Test.swift"
) throws -> [String] {
    let interpreter = try Interpreter(module: try decode(source, file: file), natives: natives, limits: limits)
    try interpreter.runTopLevel()
    try interpreter.run(until: seconds)
    return interpreter.printed.map(\.description) + interpreter.diagnostics.map(\.description)
}

/// The error running `source` stops with.
func failure(
    _ source: String, until seconds: Double = 60, natives: NativeLibrary = .standard, limits: CodeLimits = .standard
) throws -> String {
    let interpreter = try Interpreter(module: try decode(source), natives: natives, limits: limits)
    do {
        try interpreter.runTopLevel()
        try interpreter.run(until: seconds)
    } catch {
        return error.description
    }
    return "no error"
}
