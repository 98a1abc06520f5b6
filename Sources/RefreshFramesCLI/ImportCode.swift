import Foundation
import RefreshFrames
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesImport
import RefreshFramesSwiftCode

/// `import --code`: a spec that refers to the app's xib and Swift files instead of copying them, so
/// that every run reads them as they are; and, without `--code`, the plain word on which sample's
/// animation the spec carries instead.
enum ImportCode {
    /// Refuses a `--code` path that is not a Swift file one can read: bad input, its one line.
    static func check(_ files: [String]) throws(CLIError) {
        for file in files {
            guard file.hasSuffix(".swift") else { throw .input("\(file): error: expected a .swift file (--code)") }
            _ = try SpecLoader.input { () throws(LoadError) in
                try InputFile.read(
                    file, limit: CodeLimits.sourceBytes, limitName: "codeSourceBytes", expected: "a Swift file")
            }
        }
    }

    /// What each sample's program does, as its spec says.
    static func words(_ animation: ImportAnimation) -> String {
        switch animation {
        case .rotateScale: "each label in turn turns 45° in the next palette colour, then all scale 1.5×"
        case .marquee: "each label in turn scales 1.5× in the next palette colour, the last one never"
        case .colorDots: "each label in turn turns 45° on the next palette colour, then all scale 1.5×"
        case .none: ""
        }
    }

    /// The summary's line on the animation an import without `--code` attached.
    static func attachedAnimation(_ result: ImportResult, _ animation: ImportAnimation) -> String {
        let instead = "--code FILE.swift plays the app's own Swift code instead"
        guard animation != .none else { return "note: the spec has no animation (--animation none); \(instead)" }
        let labels =
            (try? Spec.decode(Array(result.specJSON.utf8)))?.views.filter { $0.kind == .label }.map(\.tag).sorted()
            ?? []
        guard !labels.isEmpty else {
            return
                "note: the spec has no animation: the \(animation.rawValue) sample's animates labels, and the document has none; \(instead)"
        }
        let tags = labels.map(String.init).joined(separator: ", ")
        return
            "note: the animation is not the app's: it is the \(animation.rawValue) sample's (samples/\(animation.rawValue).json: \(words(animation))) over the labels \(tags); \(instead)"
    }

    /// The spec of `import --code`, and the line that says what played when it was run once. Paths
    /// are relative to the directory of `output` (nil: the working directory).
    static func spec(
        document: String, scene: String?, code: [String], className: String?, imported: ImportResult, output: String?
    ) throws(CLIError) -> (json: String, played: String) {
        let directory = output.map(FilePath.directory(of:)) ?? ""
        let cwd = FileManager.default.currentDirectoryPath
        let base =
            ImageFiles.realPath(directory.isEmpty ? "." : directory)
            ?? (directory.hasPrefix("/") ? directory : cwd + "/" + directory)
        func relative(_ path: String) -> String {
            ImportImageFinder.relativePath(
                from: base, to: ImageFiles.realPath(path) ?? (path.hasPrefix("/") ? path : cwd + "/" + path))
        }
        let canvas = (try? Spec.decode(Array(imported.specJSON.utf8)))?.canvas
        let height = canvas?.height ?? 60
        // A root the size of a screen (a full-screen loading view) makes a control that tall.
        if let canvas,
            let device = Device.all.first(where: {
                ($0.width == canvas.width && $0.height == canvas.height)
                    || ($0.height == canvas.width && $0.width == canvas.height)
            })
        {
            let w = formatNumber(canvas.width)
            Output.err(
                "note: the xib's root is \(w) × \(formatNumber(canvas.height)), the screen of an \(device.name): the control is that tall (controlHeight \(formatNumber(canvas.height))); give the spec \"canvas\": {\"width\": \(w), \"height\": 60} to lay its views out in a 60 pt control\n"
            )
        }
        let xib = relative(document)
        let files = code.map(relative)
        let names = code.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        var json = SpecText(
            description:
                "The app's own control: the layout of \((document as NSString).lastPathComponent) and the program of \(names), read from them at every run (refresh-frames import --code).",
            xib: scene.map { "{\"file\": \(jsonQuoted(xib)), \"scene\": \(jsonQuoted($0))}" } ?? jsonQuoted(xib),
            swift: files.count == 1 ? jsonQuoted(files[0]) : "[" + files.map(jsonQuoted).joined(separator: ", ") + "]",
            className: className, height: height)
        let name = output ?? "<stdout>"
        var (outcome, warnings) = play(json.text, name: name, directory: directory)
        if case .failure(let error) = outcome, error.contains("give scenario.workDuration") {
            // The code does not end refreshing itself: the scenario's work does, as an app's network would.
            json.workDuration = 2
            (outcome, warnings) = play(json.text, name: name, directory: directory)
            if case .success(let line) = outcome {
                outcome = .success(
                    line
                        + "; the code does not end refreshing itself, so the scenario's workDuration (2 s) calls endRefreshing()"
                )
            }
        }
        for warning in warnings { Output.err(warning + "\n") }
        switch outcome {
        case .success(let line):
            return (json.text, "the program is \(names)" + (className.map { " (class \($0))" } ?? "") + ": " + line)
        case .failure(let error):
            return (
                json.text,
                "warning: \(name) is written, but it does not play as it is: \(error.line) (change its scenario or the code, then 'refresh-frames validate')"
            )
        }
    }

    /// The spec `import --code` writes, in the order a reader wants it.
    struct SpecText {
        var description: String
        var xib: String
        var swift: String
        var className: String?
        var height: Double
        var workDuration: Double?

        var text: String {
            let program = "{\"swift\": \(swift)" + (className.map { ", \"class\": \(jsonQuoted($0))" } ?? "") + "}"
            let h = formatNumber(height)
            let deep = formatNumber(height + 15)
            var scenario =
                "{\"pull\": [[0, 0], [0.6, \(deep)], [0.8, \(deep)], [1.1, 0]], \"refreshAtPull\": \(h), \"controlHeight\": \(h)"
            if let workDuration { scenario += ", \"workDuration\": \(formatNumber(workDuration))" }
            return """
                {
                  "description": \(jsonQuoted(description)),
                  "xib": \(xib),
                  "program": \(program),
                  "scenario": \(scenario)}
                }

                """
        }
    }

    struct PlayError: Error {
        var line: String
        func contains(_ text: String) -> Bool { line.contains(text) }
    }

    /// Loads the spec as `render` would: when refreshing ran, or the line the load stopped with;
    /// and the code's warnings.
    static func play(_ json: String, name: String, directory: String) -> (Result<String, PlayError>, [String]) {
        let loader = SwiftProgramLoader(directory: directory, environment: ProcessInfo.processInfo.environment)
        let result = run(json, name: name, directory: directory, loader: loader)
        return (result, loader.warnings.map(\.description))
    }

    private static func run(_ json: String, name: String, directory: String, loader: SwiftProgramLoader) -> Result<
        String, PlayError
    > {
        do {
            let now = try RefreshAnimation.defaultNow()
            let animation = try RefreshAnimation(
                bytes: Array(json.utf8), name: name, files: SpecFiles(directory: directory), now: now,
                programs: loader)
            let timeline = animation.timeline
            guard timeline.refreshBegins else {
                return .success("the refresh never begins as the scenario pulls: the pull is shown alone")
            }
            return .success(
                "refreshing runs from \(formatSeconds(timeline.refreshBeganAt)) to \(formatSeconds(timeline.refreshEndedAt)) s as the scenario pulls"
            )
        } catch {
            return .failure(PlayError(line: error.description))
        }
    }
}
