/// What a line-by-line comparison of a text dump found.
package struct TextDifference: Sendable, Hashable {
    /// Lines only the golden has.
    package var removedLineCount: Int
    /// Lines only the actual text has.
    package var addedLineCount: Int
    /// The golden's 1-based line number of the first difference; nil when the texts are equal.
    package var firstDifferingLine: Int?
    /// A unified diff (`--- golden`, `+++ actual`, `@@ -a,b +c,d @@` hunks with context); empty when equal.
    package var unifiedDiff: String

    package var passed: Bool { firstDifferingLine == nil }

    /// `identical`, or `2 lines removed, 3 added (-golden / +actual), first difference at line 12`.
    package var summary: String {
        guard let line = firstDifferingLine else { return "identical" }
        func lines(_ n: Int) -> String { n == 1 ? "1 line" : "\(n) lines" }
        return "\(lines(removedLineCount)) removed, \(addedLineCount) added (-golden / +actual), "
            + "first difference at line \(line)"
    }
}

/// Line diffs of text dumps (resolved layout, timeline, frame state).
package enum TextComparison {
    /// Above this many cells the middle part is shown as one replaced block rather than aligned.
    static let alignmentLimit = 4_000_000

    /// Compares line by line; the diff shows `context` unchanged lines around each change and at most `maxLines` lines.
    package static func compare(actual: String, golden: String, context: Int = 3, maxLines: Int = 200) -> TextDifference
    {
        let old = golden.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let script = editScript(old, new)
        var removed = 0
        var added = 0
        var first: Int?
        for edit in script {
            switch edit {
            case .same: break
            case .remove(let o):
                removed += 1
                if first == nil { first = o + 1 }
            case .add(let o, _):
                added += 1
                if first == nil { first = o + 1 }
            }
        }
        guard first != nil else {
            return TextDifference(removedLineCount: 0, addedLineCount: 0, firstDifferingLine: nil, unifiedDiff: "")
        }
        return TextDifference(
            removedLineCount: removed, addedLineCount: added, firstDifferingLine: first,
            unifiedDiff: unified(script, old, new, context: max(0, context), maxLines: maxLines))
    }

    enum Edit: Equatable {
        /// Golden line, actual line.
        case same(Int, Int)
        /// Golden line.
        case remove(Int)
        /// The golden line it comes before, actual line.
        case add(Int, Int)
    }

    /// A shortest edit script: common prefix and suffix trimmed, the middle aligned by longest common subsequence.
    static func editScript(_ old: [String], _ new: [String]) -> [Edit] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        var script = (0..<prefix).map { Edit.same($0, $0) }
        let oldMiddle = Array(old[prefix..<old.count - suffix])
        let newMiddle = Array(new[prefix..<new.count - suffix])
        let n = oldMiddle.count
        let m = newMiddle.count
        if n * m <= alignmentLimit && n > 0 && m > 0 {
            // lcs[i][j]: length of the LCS of oldMiddle[i...] and newMiddle[j...].
            var lcs = [Int32](repeating: 0, count: (n + 1) * (m + 1))
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lcs[i * (m + 1) + j] =
                        oldMiddle[i] == newMiddle[j]
                        ? lcs[(i + 1) * (m + 1) + j + 1] + 1
                        : max(lcs[(i + 1) * (m + 1) + j], lcs[i * (m + 1) + j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < n || j < m {
                if i < n && j < m && oldMiddle[i] == newMiddle[j] {
                    script.append(.same(prefix + i, prefix + j))
                    i += 1
                    j += 1
                } else if i < n && (j == m || lcs[(i + 1) * (m + 1) + j] >= lcs[i * (m + 1) + j + 1]) {
                    // On a tie remove first, so `-` lines precede the `+` lines that replace them.
                    script.append(.remove(prefix + i))
                    i += 1
                } else {
                    script.append(.add(prefix + i, prefix + j))
                    j += 1
                }
            }
        } else {
            script += (0..<n).map { Edit.remove(prefix + $0) }
            script += (0..<m).map { Edit.add(prefix + n, prefix + $0) }
        }
        script += (0..<suffix).map { Edit.same(old.count - suffix + $0, new.count - suffix + $0) }
        return script
    }

    static func unified(_ script: [Edit], _ old: [String], _ new: [String], context: Int, maxLines: Int) -> String {
        let changes = script.indices.filter { if case .same = script[$0] { false } else { true } }
        // Group changes whose unchanged gap is small enough to share context.
        var groups: [ClosedRange<Int>] = []
        for index in changes {
            let low = max(0, index - context)
            let high = min(script.count - 1, index + context)
            if let last = groups.last, low <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...high
            } else {
                groups.append(low...high)
            }
        }
        var lines = ["--- golden", "+++ actual"]
        for group in groups {
            let edits = script[group]
            var oldStart: Int?
            var newStart: Int?
            var oldCount = 0
            var newCount = 0
            var body: [String] = []
            for edit in edits {
                switch edit {
                case .same(let o, let n):
                    oldStart = oldStart ?? o
                    newStart = newStart ?? n
                    oldCount += 1
                    newCount += 1
                    body.append(" " + old[o])
                case .remove(let o):
                    oldStart = oldStart ?? o
                    oldCount += 1
                    body.append("-" + old[o])
                case .add(let o, let n):
                    newStart = newStart ?? n
                    oldStart = oldStart ?? o
                    newCount += 1
                    body.append("+" + new[n])
                }
            }
            // Unified diff numbers a range 1-based, and an empty range by the line before it.
            if newStart == nil, case .remove(let o) = edits.first! {
                newStart = newLineBefore(script, o)
            }
            let oldLabel = oldCount == 0 ? "\(oldStart ?? 0),0" : "\((oldStart ?? 0) + 1),\(oldCount)"
            let newLabel = newCount == 0 ? "\(newStart ?? 0),0" : "\((newStart ?? 0) + 1),\(newCount)"
            lines.append("@@ -\(oldLabel) +\(newLabel) @@")
            lines += body
        }
        if lines.count > maxLines {
            let hidden = lines.count - maxLines
            lines = Array(lines.prefix(maxLines)) + ["… \(hidden) more line\(hidden == 1 ? "" : "s")"]
        }
        return lines.joined(separator: "\n")
    }

    /// The count of actual lines before golden line `o` (for the `+0,0`-style header of a pure removal).
    static func newLineBefore(_ script: [Edit], _ o: Int) -> Int {
        var count = 0
        for edit in script {
            switch edit {
            case .same(let oo, _): if oo >= o { return count } else { count += 1 }
            case .remove(let oo): if oo >= o { return count }
            case .add: count += 1
            }
        }
        return count
    }
}
