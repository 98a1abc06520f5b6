import Foundation
import RefreshFrames
import RefreshFramesCompare
import RefreshFramesCore
import RefreshFramesExport

extension FuzzTarget {
    /// The spec every fuzzed manifest is checked against: two labels, a loop, a one-second refresh.
    /// Made for each input: held in a static, its program's boxes were reported by LeakSanitizer at exit.
    static func manifestSubject() -> (spec: Spec, timeline: Timeline) {
        let json = """
            {"canvas": {"width": 100, "height": 40, "scale": 2},
             "views": [{"tag": 1, "text": "A"}, {"tag": 2, "text": "B"}],
             "constraints": ["1.left == superview.left + 10", "1.centerY == superview.centerY",
                             "2.left == 1.right + 4", "2.centerY == superview.centerY"],
             "program": {"cycle": [{"each": {"views": "all", "steps": [{"animate": {"duration": 0.3, "set": {"alpha": 0.5}}}]}}]},
             "scenario": {"refreshAt": 0.2, "workDuration": 1}}
            """
        guard let animation = try? load(Array(json.utf8), name: "manifest.json") else {
            fatalError("the manifest target's spec does not load")
        }
        return (animation.spec, animation.timeline)
    }

    /// A golden manifest, as `check` reads one from a pull request: decoded, then used as `check`
    /// uses it (its part, scale, tolerance, clock and instants choose what is checked and how), with
    /// the semantic goldens of those instants in memory. What decodes must survive its own encoding.
    static func runManifest(_ bytes: [UInt8]) {
        guard let manifest = try? GoldenManifest.decode(bytes) else { return }
        guard let again = try? GoldenManifest.decode(manifest.encode()) else {
            fatalError("a manifest's encoding does not decode:\n\(String(decoding: manifest.encode(), as: UTF8.self))")
        }
        precondition(again == manifest, "a manifest does not survive its encoding")
        let (spec, timeline) = manifestSubject()
        var request = GoldenRequest(mode: .never)
        request.kinds = .semantic
        guard
            let source = try? FrameSource(
                spec: spec, timeline: timeline, part: request.part(manifest: manifest), scale: manifest.scale)
        else { return }
        _ = source.pixelSize
        let check = request.check(source, manifest: manifest, threads: 1)
        _ = check.instantsNote(manifest)
        _ = check.checksRecordedInstants
        let states = StateComparison.file(check.times.prefix(8).map { source.state(at: $0).json })
        let store = GoldenStore(
            directory: "fuzz",
            read: { name in name == "timeline.txt" ? Array(timeline.dump.utf8) : name == "states.json" ? states : nil },
            write: { _, _ in })
        guard let (results, frames) = try? check.run(store: store, report: { _, _, _ in ("", "") }) else { return }
        var report = CheckReport(suiteName: "fuzz", results: results)
        report.goldenFonts = manifest.fonts
        report.goldenSpecHash = manifest.specHash
        _ = report.junitXML()
        _ = check.manifest(
            after: report, previous: manifest, frames: frames, toolVersion: "fuzz", specHash: "", now: manifest.now ?? 0
        )?.encode()
    }
}
