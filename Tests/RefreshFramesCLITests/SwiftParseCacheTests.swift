import Foundation
import Testing

/// The parse of a Swift program is cached by content between runs of the command
/// (`$REFRESH_FRAMES_CACHE/swift-ast`): a second run of the same files does not start swiftc, a
/// changed file does. swiftc here is a wrapper on PATH that logs each start, then runs the real one.
struct SwiftParseCacheTests {
    /// swiftc's driver leaves an empty TemporaryDirectory.XXXXXX in its TMPDIR at every run; the
    /// parse gives it a directory of its own and removes it, so a run leaves nothing in the user's.
    @Test func aParseLeavesNothingInTheTemporaryDirectory() throws {
        let tmp = try temporaryDirectory()
        let r = try run(
            ["validate", repositoryRoot.appendingPathComponent("samples/swift/marquee.json").path],
            environment: ["TMPDIR": tmp, "REFRESH_FRAMES_CACHE": "off"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(contents(ofDirectory: tmp) == [])
    }

    @Test func aSecondRunReadsTheParseFromTheCacheAndAChangedFileIsParsedAgain() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let samples = repositoryRoot.appendingPathComponent("samples/swift").path
        for file in ["marquee.json", "marquee.swift"] {
            try FileManager.default.copyItem(atPath: samples + "/" + file, toPath: dir + "/" + file)
        }
        let real = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/swiftc" }
                .first { FileManager.default.isExecutableFile(atPath: $0) }, "no swiftc on PATH")
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = dir + "/swiftc.log"
        try "#!/bin/sh\necho started >> '\(log)'\nexec '\(real)' \"$@\"\n".write(
            toFile: bin + "/swiftc", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/swiftc")
        let environment = [
            "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "REFRESH_FRAMES_CACHE": dir + "/cache",
        ]
        func starts() -> Int {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        let first = try run(["state", "marquee.json", "--at", "1"], environment: environment, in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(starts() == 1)
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/cache/swift-ast")) ?? []
        #expect(cached.count == 1 && cached[0].hasSuffix(".ast"), "\(cached)")
        let second = try run(["state", "marquee.json", "--at", "1"], environment: environment, in: dir)
        #expect(second.status == 0 && second.stdout == first.stdout)
        #expect(starts() == 1, "the second run started swiftc again")
        let code = try String(contentsOfFile: dir + "/marquee.swift", encoding: .utf8)
        try (code + "\n// changed\n").write(toFile: dir + "/marquee.swift", atomically: true, encoding: .utf8)
        let third = try run(["state", "marquee.json", "--at", "1"], environment: environment, in: dir)
        #expect(third.status == 0 && third.stdout == first.stdout)
        #expect(starts() == 2, "a changed file is parsed again")
    }
}
