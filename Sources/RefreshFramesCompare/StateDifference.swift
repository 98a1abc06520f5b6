import RefreshFramesCore

/// One value of `states.json` that differs at one instant, or a difference that is said only in
/// words (a state or a member the other side lacks).
package struct StateDifference: Sendable {
    /// What the value belongs to, `tag 3`, `row [0, 2]`, `header 1` (nil: the state itself).
    package var subject: String?
    /// The value's path inside its subject: `frame`, `alpha`, `refreshControl.frame`.
    package var property: String
    package var actual: JSONNode?
    package var golden: JSONNode?
    package var time: Double?
    /// The difference in words when seen alone: `tag 1: rotation 18.75 at 0.05 s, golden 22.5`.
    package var message: String

    /// A difference said only in words; it is never grouped with others.
    package init(message: String) {
        property = ""
        self.message = message
    }

    /// A value that differs: `label` is its path as messages show it (`tag 3: alpha`, `contentAlpha`).
    package init(label: String, actual: JSONNode, golden: JSONNode, time: Double) {
        if let colon = label.range(of: ": ") {
            subject = String(label[..<colon.lowerBound])
            property = String(label[colon.upperBound...])
        } else {
            property = label
        }
        self.actual = actual
        self.golden = golden
        self.time = time
        message =
            "\(label) \(StateComparison.text(actual)) at \(formatSeconds(time)) s, golden \(StateComparison.text(golden))"
    }

    /// The differences as a person would say them: those that repeat one change (the same shift,
    /// or the same old and new value) over several instants or subjects are one line,
    /// `tags 1–6: x +1 pt at every instant`, `tag 3: alpha 0.5 → 0.4 from 0.30 s to 0.55 s`; a
    /// difference seen once keeps its own message. `instants` are the instants compared, in order.
    package static func grouped(_ differences: [StateDifference], instants: [Double]) -> [String] {
        // First the instants of one subject's value that change the same way, then the subjects
        // whose values change the same way at the same instants; each in order of first appearance.
        var bySubject: [Group] = []
        for difference in differences {
            guard let time = difference.time, let change = difference.change else {
                bySubject.append(Group(alone: difference))
                continue
            }
            if let i = bySubject.firstIndex(where: {
                $0.first.time != nil && $0.first.subject == difference.subject
                    && $0.first.property == difference.property && $0.change == change
            }) {
                bySubject[i].times.append(time)
                bySubject[i].differences.append(difference)
            } else {
                var group = Group(alone: difference)
                group.change = change
                bySubject.append(group)
            }
        }
        var merged: [Group] = []
        for var group in bySubject {
            group.describe()
            if group.first.time != nil, group.first.subject != nil,
                let i = merged.firstIndex(where: {
                    $0.first.time != nil && $0.first.subject != nil && $0.description == group.description
                        && $0.times == group.times && !$0.subjects.contains(group.first.subject!)
                })
            {
                merged[i].subjects.append(group.first.subject!)
                merged[i].differences += group.differences
            } else {
                merged.append(group)
            }
        }
        return merged.map { $0.line(instants: instants) }
    }

    /// How the value changed, as a key that equal changes share: the shift of a number or of a
    /// list of numbers, else the old and new value.
    var change: String? {
        guard let actual, let golden else { return nil }
        return shift ?? "\(StateComparison.text(golden)) → \(StateComparison.text(actual))"
    }

    /// `x +1 pt, w -2 pt` for a frame, `alpha -0.1`, `translation y +3 pt`; nil when the value is
    /// not a number or a list of numbers of one length.
    var shift: String? {
        guard let actual, let golden else { return nil }
        let name = property.split(separator: ".").last.map(String.init) ?? property
        let unit = Self.pointValues.contains(name) ? " pt" : ""
        if let a = StateComparison.number(actual), let g = StateComparison.number(golden) {
            return "\(property) \(Self.signed(a - g))\(unit)"
        }
        guard case .array(let ae) = actual.value, case .array(let ge) = golden.value, ae.count == ge.count else {
            return nil
        }
        let a = ae.compactMap(StateComparison.number)
        let g = ge.compactMap(StateComparison.number)
        guard a.count == ae.count, g.count == ge.count else { return nil }
        let components = Self.components[name] ?? []
        let parts = zip(a, g).enumerated().compactMap { i, pair -> String? in
            let d = pair.0 - pair.1
            guard abs(d) > StateComparison.tolerance else { return nil }
            return (i < components.count ? components[i] : "[\(i)]") + " \(Self.signed(d))\(unit)"
        }
        guard !parts.isEmpty else { return nil }
        return (property == "frame" ? "" : property + " ") + parts.joined(separator: ", ")
    }

    /// The state's values measured in points.
    static let pointValues: Set<String> = [
        "frame", "translation", "contentOffset", "viewport", "pull", "contentInsetTop", "visibleHeight",
    ]

    /// The names of a list's numbers.
    static let components: [String: [String]] = [
        "frame": ["x", "y", "w", "h"], "viewport": ["w", "h"], "translation": ["x", "y"], "scale": ["x", "y"],
        "contentOffset": ["x", "y"],
    ]

    /// `+1`, `-0.25`
    static func signed(_ v: Double) -> String { (v < 0 ? "-" : "+") + formatNumber(abs(v)) }

    /// Differences said as one line.
    struct Group {
        var first: StateDifference
        var differences: [StateDifference]
        var subjects: [String]
        var times: [Double]
        var change: String?
        /// What the line says changed, before its subjects and instants.
        var description = ""

        init(alone difference: StateDifference) {
            first = difference
            differences = [difference]
            subjects = difference.subject.map { [$0] } ?? []
            times = difference.time.map { [$0] } ?? []
        }

        /// A number or text that had one old and one new value throughout is said as `old → new`;
        /// a shift (a frame's, or a number's with several values) by how much.
        mutating func describe() {
            guard let change, let golden = first.golden, let actual = first.actual else { return }
            let pair = "\(first.property) \(StateComparison.text(golden)) → \(StateComparison.text(actual))"
            let samePair = differences.allSatisfy {
                StateComparison.equal($0.golden!, golden) && StateComparison.equal($0.actual!, actual)
            }
            let isList: Bool
            if case .array = golden.value { isList = true } else { isList = false }
            description = first.shift != nil && (isList || !samePair) ? change : pair
        }

        func line(instants: [Double]) -> String {
            guard differences.count > 1 else { return first.message }
            let who = Self.subjectsText(subjects)
            return (who.isEmpty ? "" : who + ": ") + description + " " + Self.timesText(times, of: instants)
        }

        /// `tags 1–6`, `tags 1, 3, 5–6`, `rows [0, 0], [0, 1]`
        static func subjectsText(_ subjects: [String]) -> String {
            guard subjects.count > 1 else { return subjects.first ?? "" }
            let tags = subjects.compactMap { $0.hasPrefix("tag ") ? Int($0.dropFirst(4)) : nil }
            guard tags.count == subjects.count else {
                // `row [0, 0], row [0, 1]` read `rows [0, 0], [0, 1]`.
                let words = subjects.map { $0.split(separator: " ", maxSplits: 1).map(String.init) }
                guard let kind = words.first?.first, words.allSatisfy({ $0.count == 2 && $0[0] == kind }) else {
                    return subjects.joined(separator: ", ")
                }
                return kind + "s " + words.map { $0[1] }.joined(separator: ", ")
            }
            func range(_ start: Int, _ end: Int) -> String {
                start == end ? "\(start)" : end == start &+ 1 ? "\(start), \(end)" : "\(start)–\(end)"
            }
            var ranges: [String] = []
            var (start, end) = (tags[0], tags[0])
            for tag in tags.dropFirst() {
                if tag == end &+ 1 {
                    end = tag
                } else {
                    ranges.append(range(start, end))
                    (start, end) = (tag, tag)
                }
            }
            ranges.append(range(start, end))
            return "tags " + ranges.joined(separator: ", ")
        }

        /// `at every instant`, `from 0.30 s to 0.55 s` (a run of the instants compared), `at 0.30 s`,
        /// `at 0.00 s, 1.07 s`
        static func timesText(_ times: [Double], of instants: [Double]) -> String {
            let distinct = times.reduce(into: [Double]()) { if !$0.contains($1) { $0.append($1) } }
            if distinct.count > 1, distinct.count == instants.count { return "at every instant" }
            let positions = distinct.compactMap { t in instants.firstIndex(of: t) }
            if distinct.count > 1, positions.count == distinct.count,
                positions == Array(positions[0]..<(positions[0] + positions.count))
            {
                return "from \(formatSeconds(distinct[0])) s to \(formatSeconds(distinct.last!)) s"
            }
            return "at " + distinct.map { formatSeconds($0) + " s" }.joined(separator: ", ")
        }
    }
}
