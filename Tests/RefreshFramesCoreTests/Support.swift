import Foundation
import RefreshFramesCore
@_exported import RefreshFramesTestSupport

func sampleBytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("samples/\(name).json")))
}

/// A fixed text measurer: every character 1 em wide, line height 1.2 em. Layout-independent timeline
/// tests use it; pixel and layout checks with real fonts live in the raster and CLI tests.
let emMeasurer = TextMeasurer { text, font in
    IntrinsicSize(width: Double(text.count) * font.size, height: font.size * 1.2)
}

func sampleTimeline(_ name: String, now: Int64 = 1_455_451_200) throws -> Timeline {
    try Timeline.make(spec: try Spec.decode(try sampleBytes(name)), now: now, measurer: emMeasurer)
}

func decodeError(_ json: String) -> SpecDiagnostic? {
    do {
        _ = try Spec.decode(Array(json.utf8))
        return nil
    } catch {
        return error
    }
}

/// A minimal valid spec with one label, for diagnostics tests to break one thing at a time.
func minimalSpec(
    views: String = #"[{"tag": 1, "text": "我"}]"#,
    constraints: String = #"["1.centerX == superview.centerX", "1.centerY == superview.centerY"]"#,
    program: String? = nil, extra: String = "", scenario: String = #"{"refreshAt": 0, "workDuration": 1}"#
) -> String {
    var s = "{\n\"canvas\": {\"width\": 100, \"height\": 60},\n\"views\": \(views),\n\"constraints\": \(constraints),\n"
    if let program { s += "\"palette\": [\"red\", \"blue\"],\n\"program\": \(program),\n" }
    s += extra
    s += "\"scenario\": \(scenario)\n}"
    return s
}
