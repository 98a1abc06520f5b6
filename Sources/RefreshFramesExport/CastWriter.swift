import RefreshFramesCore

/// An asciinema cast (format v2): a JSON header line, then one `[time, "o", data]` line per frame.
/// It keeps no lines: each is handed back to be written at once, so a cast streams.
///
/// Times are written with at most 6 decimals (microseconds, trailing zeros dropped, at least one
/// decimal) and must strictly increase after that rounding. Data is the frame's bytes as a JSON
/// string: `"` and `\` escaped, control characters as `\u00XX` (ESC is `\u001b`), everything else,
/// non-ASCII included, kept as UTF-8.
package struct CastWriter: Sendable {
    package let width: Int
    package let height: Int
    /// Seconds since 1970 written in the header; a parameter, so casts are reproducible.
    package let timestamp: Int
    package let environment: [String: String]
    /// The first line, without its newline.
    package let header: String
    private var lastTime: Double?

    package init(width: Int, height: Int, timestamp: Int, environment: [String: String] = ["TERM": "xterm-256color"]) {
        self.width = width
        self.height = height
        self.timestamp = timestamp
        self.environment = environment
        let env = environment.keys.sorted().map { "\(jsonQuoted($0)): \(jsonQuoted(environment[$0]!))" }
        header =
            "{\"version\": 2, \"width\": \(width), \"height\": \(height), \"timestamp\": \(timestamp), "
            + "\"env\": {\(env.joined(separator: ", "))}}"
    }

    /// The line of one output event, without its newline: `bytes` written `time` seconds after the start.
    package mutating func event(time: Double, bytes: [UInt8]) throws(ANSIError) -> String {
        guard time.isFinite, time >= 0 else { throw .castTimeInvalid(time) }
        let micros = (time * 1_000_000).rounded()
        let rounded = micros / 1_000_000
        if let lastTime, rounded <= lastTime { throw .castTimeNotIncreasing(time: rounded, previous: lastTime) }
        lastTime = rounded
        return "[\(formatCastTime(Int64(micros))), \"o\", \(jsonQuoted(String(decoding: bytes, as: UTF8.self)))]"
    }
}

/// Microseconds as seconds with up to 6 decimals: `0.0`, `1.5`, `0.033333`.
func formatCastTime(_ micros: Int64) -> String {
    let whole = micros / 1_000_000
    var fraction = String(micros % 1_000_000)
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(whole).\(fraction)"
}
