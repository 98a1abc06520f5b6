import Foundation
import RefreshFramesCommandLine
import Testing

/// The one process RefreshFrames starts: swiftc's parser, bounded and cached by content.
@Suite struct SwiftParserTests {
    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "/swift-parser-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A stand-in for swiftc: a shell script, written close-on-exec so that no process another test
    /// starts meanwhile holds it open (which would make it fail to run: "Text file busy").
    func fakeCompiler(_ script: String, in directory: String) throws -> String {
        let path = directory + "/swiftc"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        let bytes = Array(("#!/bin/sh\n" + script + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw POSIXError(.EIO) }
        return path
    }

    @Test func theParserGivesSwiftcsJSONDumpAndItsDiagnosticsForTheTemporaryFile() throws {
        let output = try SwiftParser.parse(source: Array("let x = \n".utf8), file: "Broken.swift")
        #expect(output.json.starts(with: Array(#"{"_kind":"source_file""#.utf8)))
        #expect(output.diagnostics.hasPrefix("<file>:1:8: error: expected initial value after '='"))
        #expect(!output.cached)
    }

    @Test func theSameSourceIsParsedOnceAndThenReadFromTheCache() throws {
        let source = Array("let parsedOnce = \(UUID().uuidString.count)\n// \(UUID().uuidString)\n".utf8)
        let first = try SwiftParser.parse(source: source, file: "A.swift")
        let second = try SwiftParser.parse(source: source, file: "B.swift")
        #expect(!first.cached)
        #expect(second.cached)
        #expect(second.json == first.json)
    }

    @Test func theDiskCacheKeepsAParseForTheNextRun() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = SwiftParser.Options(cacheDirectory: directory)
        options.memoryCache = false
        let source = Array("let kept = 1 // \(UUID().uuidString)\n".utf8)
        let first = try SwiftParser.parse(source: source, file: "A.swift", options: options)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.count == 1 && files[0].hasSuffix(".ast"))
        let second = try SwiftParser.parse(source: source, file: "A.swift", options: options)
        #expect(!first.cached && second.cached)
        #expect(second.json == first.json && second.diagnostics == first.diagnostics)
    }

    @Test func withoutSwiftcTheErrorSaysWhatIsMissing() throws {
        let options = SwiftParser.Options(searchPath: "/nonexistent/bin")
        #expect {
            try SwiftParser.parse(source: Array("let x = 1".utf8), file: "A.swift", options: options)
        } throws: { error in
            (error as? CLIError)?.message
                == "error: swiftc was not found on PATH: reading Swift code needs a Swift toolchain's parser (https://swift.org/install; on macOS, Xcode's command line tools)"
                && (error as? CLIError)?.exitCode == 2
        }
    }

    @Test(arguments: [
        ("sleep 5", 0.3, "A.swift: error: swiftc took more than 0.3 s to parse it"),
        ("head -c 3000000 /dev/zero | tr '\\0' '{'", 60.0, "A.swift: error: swiftc's AST is over 1 MiB"),
        (
            "echo 'swiftc: fatal error' >&2; exit 3", 60.0,
            "A.swift: error: swiftc did not parse the file (exit 3): swiftc: fatal error"
        ),
    ])
    func aCompilerThatHangsFloodsOrFailsIsStoppedWithAClearError(script: String, timeout: Double, message: String)
        throws
    {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = SwiftParser.Options(
            compiler: try fakeCompiler(script, in: directory), timeout: timeout, outputLimit: 1 << 20)
        options.memoryCache = false
        let started = Date()
        #expect {
            try SwiftParser.parse(
                source: Array("let x = 1 // \(UUID().uuidString)".utf8), file: "A.swift", options: options)
        } throws: { error in
            (error as? CLIError)?.message == message
        }
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test func theCacheDirectoryFollowsTheEnvironment() {
        #expect(SwiftParser.defaultCacheDirectory(environment: ["REFRESH_FRAMES_CACHE": "/c"]) == "/c/swift-ast")
        #expect(SwiftParser.defaultCacheDirectory(environment: ["REFRESH_FRAMES_CACHE": "off", "HOME": "/h"]) == nil)
        #expect(
            SwiftParser.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"])
                == "/x/refresh-frames/swift-ast")
        #expect(SwiftParser.defaultCacheDirectory(environment: ["HOME": "/h"]) == "/h/.cache/refresh-frames/swift-ast")
        #expect(SwiftParser.defaultCacheDirectory(environment: [:]) == nil)
    }
}
