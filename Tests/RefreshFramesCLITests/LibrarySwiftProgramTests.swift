import Foundation
import RefreshFrames
import Testing

/// A spec whose program is Swift (`"program": {"swift": …}`) through the library's public API as
/// through the command line: the same timeline, states and frames, and the code's error as the same
/// one line.
struct LibrarySwiftProgramTests {
    @Test(arguments: ["classic-spinner", "color-dots", "marquee", "rotate-scale"])
    func aSwiftProgramRunsThroughTheLibraryAsThroughTheCommand(sample: String) throws {
        let spec = repositoryRoot.appendingPathComponent("samples/swift/\(sample).json").path
        let animation = try RefreshAnimation(contentsOf: spec, now: 1_455_451_200)
        #expect(try run(["timeline", spec]).stdout == animation.timelineText)
        let at = animation.refreshBeganAt + 0.4
        #expect(try run(["state", spec, "--at", "\(at)"]).stdout == animation.stateJSON(at: at) + "\n")
        let dir = try temporaryDirectory()
        #expect(try run(["render", spec, "-o", dir + "/f.png", "--at", "\(at)"]).status == 0)
        #expect(try animation.png(at: at) == Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png"))))
    }

    /// Bytes name their program relative to the directory given, as a file names it beside itself.
    @Test func bytesRunTheirProgramFromTheDirectoryGiven() throws {
        let directory = repositoryRoot.appendingPathComponent("samples/swift").path
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/marquee.json")))
        let fromBytes = try RefreshAnimation(bytes: bytes, name: "marquee.json", directory: directory, now: 0)
        let fromFile = try RefreshAnimation(contentsOf: directory + "/marquee.json", now: 0)
        #expect(fromBytes.timelineText == fromFile.timelineText)
    }

    /// The code's error (here swiftc's) is the line the command prints: the Swift file's line and column.
    @Test func theCodesErrorIsTheCommandsLine() throws {
        let dir = try temporaryDirectory()
        let samples = repositoryRoot.appendingPathComponent("samples/swift").path
        try FileManager.default.copyItem(atPath: samples + "/marquee.json", toPath: dir + "/m.json")
        let code = try String(contentsOfFile: samples + "/marquee.swift", encoding: .utf8)
        try (code + "\nlet x = (\n").write(toFile: dir + "/marquee.swift", atomically: true, encoding: .utf8)
        let command = try run(["validate", "m.json"], in: dir)
        #expect(command.status == 2)
        let error = try #require(throws: LoadError.self) { try RefreshAnimation(contentsOf: dir + "/m.json", now: 0) }
        let lastLine = command.stderr.split(separator: "\n").last.map(String.init)
        #expect(lastLine == error.description.replacingOccurrences(of: dir + "/", with: ""))
        #expect(error.description.contains("marquee.swift:"))
    }
}
