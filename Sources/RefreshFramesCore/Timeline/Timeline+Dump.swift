extension Timeline {
    /// The readable, font-independent text dump of every segment: the cheapest golden.
    ///
    ///     refresh begins at 0.000 s; endRefreshing at 4.000 s; loop stops at 4.950 s; duration 5.450 s
    ///        0.000 →  0.100  tag 1  transform        identity → rotate(45°)  linear
    ///        0.000           tag 1  textColor        #000000FF → #FF00FFFF  instant
    /// How `programStoppedAt` is said: a JSON program's loop stops; a Swift program has no loop of
    /// ours, its last animation ends.
    package var stopPhrase: String { spec.program != nil ? "loop stops at" : "the code's last animation ends at" }

    package var dump: String {
        var lines: [String] = []
        var header =
            refreshBegins
            ? "refresh begins at \(seconds(refreshBeganAt)) s; endRefreshing at \(seconds(refreshEndedAt)) s"
            : "the refresh never begins (the pull alone)"
        if let programStoppedAt { header += "; \(stopPhrase) \(seconds(programStoppedAt)) s" }
        header += "; duration \(seconds(duration)) s"
        lines.append(header)
        lines.append("layout:")
        lines.append(contentsOf: layout.dump.split(separator: "\n").map { "  " + $0 })
        if refreshingLayout != layout {
            lines.append("layout while refreshing:")
            lines.append(contentsOf: refreshingLayout.dump.split(separator: "\n").map { "  " + $0 })
        }
        lines.append("segments:")
        for s in segments {
            let end = s.end.isFinite ? pad(seconds(s.end), 7) : "      ∞"
            let time = s.isInstant ? "\(pad(seconds(s.start), 8))          " : "\(pad(seconds(s.start), 8)) → \(end)"
            let property = s.property.padding(toLength: 15, withPad: " ", startingAt: 0)
            let curve = s.isInstant ? "instant" : s.curve.description
            lines.append(
                "\(time)  tag \(s.tag)  \(property)  \(s.from) → \(s.to)  \(curve)" + (s.detail.map { "  " + $0 } ?? "")
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func seconds(_ v: Double) -> String {
        let ms = Int((v * 1000).rounded())
        let frac = String(abs(ms) % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }

    private func pad(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - s.count)) + s
    }
}
