import RefreshFramesCore

/// The lines `refresh-frames import` prints on stderr about an import.
package enum ImportReport {
    /// Warnings (`path:LINE: warning: <element>: …`), then the font mapping, then frame differences
    /// (`frame of tag 3: IB (290, 15, 20, 30), solved (290, 15, 20, 31)`).
    /// `fontNote`: where a font's metrics come from, by the name the document gives it.
    package static func lines(
        for result: ImportResult, path: String, fontNote: (String) -> String = IOSFont.metricsNote
    ) -> [String] {
        var lines = result.warnings.map { "\(path):\($0.line): warning: \($0.element): \($0.message)" }
        lines += result.fontMapping.map {
            "\(path): note: font '\($0.from)' is drawn with '\($0.to)'" + fontNote($0.from)
        }
        lines += result.frameDifferences.map { difference in
            "\(path):\(difference.line): frame of tag \(difference.tag): IB \(format(difference.interfaceBuilder)), "
                + "solved \(format(difference.solved))"
                + (difference.misplaced ? " (IB marks the view misplaced: its stored frame is stale)" : "")
                + (difference.brokenConstraint.map { broken in
                    let values =
                        "\(broken.attribute) \(formatNumber(broken.stored)) where it makes \(formatNumber(broken.expected))"
                    return difference.partlyStale
                        ? " (IB's stored frames are also off the constraint on line \(broken.line), \(values), "
                            + "but putting IB's offsets right leaves the view more than 0.5 pt from the solved frame)"
                        : " (IB's stored frames break the constraint on line \(broken.line): \(values))"
                } ?? "")
                + (difference.wholePoints.isEmpty
                    ? ""
                    : " (IB stored its \(difference.wholePoints.joined(separator: " and ")) on a whole point, "
                        + "as Xcode 7 and earlier could: the document has no <device>)")
                + (difference.symbol
                    ? " (an SF Symbol: its constraints place its alignment rect, inset from its frame by the "
                        + "symbol's alignment insets, which are not known here)"
                    : "")
                + (difference.follows.map { follows in
                    " (IB's frame agrees by the constraint on line \(follows.line) with tag \(follows.tag)'s, "
                        + "which is off its constraints)"
                } ?? "")
        }
        return lines
    }

    static func format(_ rect: Rect) -> String {
        "(" + [rect.x, rect.y, rect.width, rect.height].map(formatNumber).joined(separator: ", ") + ")"
    }
}
