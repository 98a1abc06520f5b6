import Foundation
import RefreshFramesCore
import Testing

/// `Limits.table` is the one list of limits; the docs show exactly it.
struct LimitsTests {
    @Test func theDocsTableIsTheLimitsTable() throws {
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/spec.md"), encoding: .utf8)
        #expect(
            docs.contains("\n\n" + Limits.markdownTable + "\n") || docs.hasSuffix("\n\n" + Limits.markdownTable),
            "docs/spec.md's limits table differs from Limits.table; paste this in its place:\n\(Limits.markdownTable)")
    }

    @Test func theTableNamesEveryLimitOnce() {
        let names = Limits.table.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Limits.table.first { $0.name == "checkFrames" }?.value == "2000")
        #expect(Limits.table.first { $0.name == "animationBlocks" }?.value == "100 000")
    }
}
