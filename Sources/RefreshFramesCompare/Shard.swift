/// One of `count` machines a run of many specs is split across: `--shard 2/3` (1-based, as
/// GitHub Actions and GitLab matrices count), or Bazel's `TEST_SHARD_INDEX` (0-based) of
/// `TEST_TOTAL_SHARDS`. The specs, sorted by name, are dealt in turn: the one at position p
/// belongs to shard p mod count, so every shard gets the same partition of the same list.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 0-based.
    package var index: Int
    package var count: Int

    /// Nil unless `0 ≤ index < count`.
    package init?(index: Int, count: Int) {
        guard count >= 1, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// `2/3` is the second of three shards; nil unless the text is `i/n` with 1 ≤ i ≤ n.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), i >= 1 else { return nil }
        self.init(index: i - 1, count: n)
    }

    /// `2/3`, as `--shard` takes it.
    package var description: String { "\(index + 1)/\(count)" }

    /// The shard Bazel's test-sharding variables name, nil when `TEST_TOTAL_SHARDS` is unset.
    package static func bazel(_ environment: [String: String]) throws(CompareError) -> Shard? {
        guard let total = environment["TEST_TOTAL_SHARDS"] else { return nil }
        let index = environment["TEST_SHARD_INDEX"] ?? ""
        guard let n = Int(total), n >= 1 else {
            throw .invalidRun("TEST_TOTAL_SHARDS is '\(total)': expected a whole number of shards, at least 1.")
        }
        guard let i = Int(index), let shard = Shard(index: i, count: n) else {
            throw .invalidRun("TEST_SHARD_INDEX is '\(index)': expected 0 to \(n - 1) with TEST_TOTAL_SHARDS=\(n).")
        }
        return shard
    }

    /// The positions in `names` (in their given order) of the names this shard holds.
    package func select(_ names: [String]) -> [Int] {
        let sorted = names.indices.sorted { (names[$0], $0) < (names[$1], $1) }
        let mine = sorted.enumerated().filter { $0.offset % count == index }.map(\.element)
        return mine.sorted()
    }
}
