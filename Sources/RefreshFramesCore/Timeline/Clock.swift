import Foundation

/// Formats an instant (seconds since 1970, UTC) with the date patterns the tutorials use:
/// `yyyy`, `MM`, `dd`, `HH`, `mm`, `ss`; other characters are copied.
package func formatClock(_ epochSeconds: Int64, pattern: String) -> String {
    let days = epochSeconds >= 0 ? epochSeconds / 86400 : (epochSeconds - 86399) / 86400
    let secondsOfDay = epochSeconds - days * 86400
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func pad(_ v: Int64, _ width: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
    let fields: [(String, String)] = [
        ("yyyy", pad(year, 4)), ("MM", pad(month, 2)), ("dd", pad(day, 2)),
        ("HH", pad(secondsOfDay / 3600, 2)), ("mm", pad(secondsOfDay / 60 % 60, 2)), ("ss", pad(secondsOfDay % 60, 2)),
    ]
    var out = ""
    var rest = Substring(pattern)
    outer: while !rest.isEmpty {
        for (token, value) in fields where rest.hasPrefix(token) {
            out += value
            rest = rest.dropFirst(token.count)
            continue outer
        }
        out.append(rest.removeFirst())
    }
    return out
}

/// Replaces `{now:PATTERN}` in a text with the clock formatted by `formatClock`.
package func expandClockTemplates(_ text: String, now: Int64) -> String {
    guard text.contains("{now:") else { return text }
    var out = ""
    var rest = Substring(text)
    while let open = rest.range(of: "{now:") {
        out += rest[..<open.lowerBound]
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: "}") else {
            out += rest[open.lowerBound...]
            return out
        }
        out += formatClock(now, pattern: String(after[..<close]))
        rest = after[after.index(after: close)...]
    }
    return out + rest
}
