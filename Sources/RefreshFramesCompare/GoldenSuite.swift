import Foundation
import RefreshFramesExport

/// The specs of one `check` or `record` run and where each one's goldens live. With one spec,
/// `--golden` is that spec's own directory; with several it is a root that holds a directory per
/// spec, named by the spec's file name without `.json` (`samples/marquee.json` → `ROOT/marquee`).
/// A shard keeps its part of the specs; the layout follows the number of specs given, so every
/// shard of a run sees the same one.
package struct GoldenSuite: Sendable, Equatable {
    /// One spec of the run.
    package struct Member: Sendable, Equatable {
        /// The path as given.
        package var spec: String
        /// `marquee`
        package var name: String
        /// This spec's golden directory.
        package var golden: String
        /// Put before the names of this spec's images in the report directory: empty for a lone
        /// spec, `marquee.` in a suite, so specs never overwrite each other's.
        package var reportPrefix: String

        package init(spec: String, name: String, golden: String, reportPrefix: String) {
            self.spec = spec
            self.name = name
            self.golden = golden
            self.reportPrefix = reportPrefix
        }
    }

    /// Every spec given, in order.
    package var specs: [String]
    /// `--golden`: the spec's directory, or the root of several.
    package var golden: String
    package var shard: Shard?
    /// The specs this run checks (the shard's part), in the order given.
    package var members: [Member]

    /// Several specs: `golden` is a root with a directory per spec.
    package var usesRoot: Bool { specs.count > 1 }

    /// Refuses two specs with the same file name, whose goldens would share a directory.
    package init(specs: [String], golden: String, shard: Shard? = nil) throws(CompareError) {
        self.specs = specs
        self.golden = golden
        self.shard = shard
        let names = specs.map(Self.name(ofSpec:))
        var seen: [String: String] = [:]
        for (spec, name) in zip(specs, names) {
            guard !["", ".", ".."].contains(name) else {
                throw .invalidRun("'\(spec)' has no file name to name its golden directory after.")
            }
            if let other = seen[name], specs.count > 1 {
                throw .invalidRun(
                    "'\(other)' and '\(spec)' have the same file name: their goldens would share '\((golden as NSString).appendingPathComponent(name))'; rename one or check them in separate runs."
                )
            }
            seen[name] = spec
        }
        let root = specs.count > 1
        let chosen = shard?.select(names) ?? Array(specs.indices)
        members = chosen.map { i in
            Member(
                spec: specs[i], name: names[i],
                golden: root ? (golden as NSString).appendingPathComponent(names[i]) : golden,
                reportPrefix: root ? names[i] + "." : "")
        }
    }

    /// `samples/marquee.json` → `marquee`
    package static func name(ofSpec path: String) -> String {
        let file = (path as NSString).lastPathComponent
        return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }

    /// When this shard holds no spec, the line that says so (the run passes).
    package var emptyShardLine: String? {
        guard members.isEmpty, let shard else { return nil }
        return "shard \(shard) holds none of the \(specs.count) spec(s): nothing to check"
    }

    /// How many specs to check at once on `cores` cores, and how many threads each one draws with.
    package func parallelism(cores: Int) -> (specs: Int, threadsEach: Int) {
        let specs = max(1, min(cores, members.count))
        return (specs, max(1, cores / specs))
    }

    /// `body` for each of `count` items, on up to `workers` threads at once; the results in order.
    package static func concurrentMap<T: Sendable>(
        _ count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> T
    ) -> [T] {
        Parallel.map(count, threads: workers, body)
    }
}
