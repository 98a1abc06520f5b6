import Foundation
import Testing

@testable import RefreshFramesCompare

@Suite struct GoldenSetWriterTests {
    private func directoryWithOldSet() throws -> (parent: String, golden: String) {
        let parent = NSTemporaryDirectory() + "golden-set-writer-" + UUID().uuidString
        let golden = parent + "/g"
        try FileManager.default.createDirectory(atPath: golden + "/scene", withIntermediateDirectories: true)
        try Data("old timeline\n".utf8).write(to: URL(fileURLWithPath: golden + "/timeline.txt"))
        try Data("old frame".utf8).write(to: URL(fileURLWithPath: golden + "/frame-000.png"))
        try Data("scene timeline\n".utf8).write(to: URL(fileURLWithPath: golden + "/scene/timeline.txt"))
        return (parent, golden)
    }

    private func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aCommittedSetReplacesTheOldOneAndKeepsWhatItDidNotRewrite() throws {
        let (parent, golden) = try directoryWithOldSet()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let writer = try GoldenSetWriter(directory: golden)
        try writer.write(Array("new timeline\n".utf8), name: "timeline.txt")
        #expect(text(golden + "/timeline.txt") == "old timeline\n")
        try writer.commit()
        #expect(text(golden + "/timeline.txt") == "new timeline\n")
        #expect(text(golden + "/frame-000.png") == "old frame")
        #expect(text(golden + "/scene/timeline.txt") == "scene timeline\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["g"])
    }

    @Test func anUnfinishedSetLeavesTheOldOneWhole() throws {
        let (parent, golden) = try directoryWithOldSet()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        do {
            let writer = try GoldenSetWriter(directory: golden)
            try writer.write(Array("new timeline\n".utf8), name: "timeline.txt")
            try writer.write(Array("new frame".utf8), name: "frame-000.png")
        }
        #expect(text(golden + "/timeline.txt") == "old timeline\n")
        #expect(text(golden + "/frame-000.png") == "old frame")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["g"])
    }

    @Test func aSecondWriterFailsWhileTheFirstHoldsTheLock() throws {
        let (parent, golden) = try directoryWithOldSet()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let first = try GoldenSetWriter(directory: golden)
        #expect(
            throws: CompareError.cannotWrite(
                path: golden,
                reason: "another refresh-frames is recording into it (lock \(parent)/.g.lock); run one record at a time"
            )
        ) {
            _ = try GoldenSetWriter(directory: golden)
        }
        try first.commit()
        let second = try GoldenSetWriter(directory: golden)
        try second.commit()
    }
}
