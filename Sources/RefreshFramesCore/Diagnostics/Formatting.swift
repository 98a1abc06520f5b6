import Foundation

/// Formats a number the way dumps and JSON show it: integers without a fraction, others with up to 4 decimals.
package func formatNumber(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    let rounded = (v * 10000).rounded() / 10000
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
    if !v.isFinite || abs(v) >= 1e15 { return "\(v)" }  // 1e+300, not 300 digits
    var s = String(format: "%.4f", rounded)
    while s.hasSuffix("0") { s.removeLast() }
    return s
}

/// Fixed decimals: `formatFixed(0.4, decimals: 2)` is `0.40`.
package func formatFixed(_ v: Double, decimals: Int) -> String {
    String(format: "%.\(decimals)f", v)
}

/// Seconds with two decimals, no unit: `0.40`.
package func formatSeconds(_ seconds: Double) -> String {
    formatFixed(seconds, decimals: 2)
}
