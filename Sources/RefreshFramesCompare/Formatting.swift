import Foundation
import RefreshFramesCore

/// `0.4%`, `0.041%`, `12.3%`, `0%`: two significant digits below 1 %, one decimal above, trailing zeros trimmed.
func formatPercent(_ fraction: Double) -> String {
    let percent = fraction * 100
    guard percent.isFinite, percent != 0 else { return percent.isFinite ? "0%" : "\(percent)%" }
    let decimals = percent >= 1 ? 1 : min(12, 1 - Int(log10(percent).rounded(.down)))
    var text = formatFixed(percent, decimals: decimals)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text + "%"
}

/// A value for a message: at most 4 decimals, at least one (`45.0`, `0.3333`).
func formatValue(_ value: Double) -> String {
    let text = formatNumber(value)
    return text.contains(".") || text.contains("n") ? text : text + ".0"
}
