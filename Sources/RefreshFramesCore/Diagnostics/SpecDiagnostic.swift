/// A problem in a spec, located by JSON path and, where it can be had, line and column.
package struct SpecDiagnostic: Error, Equatable, Sendable {
    /// `views[2].constraints[0].toItem`; empty for the document itself.
    package var path: String
    package var location: SourceLocation?
    package var message: String

    package init(path: String, location: SourceLocation?, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    /// The one line every spec problem is printed as:
    /// `samples/x.json:12:7: error: views[2].tag: expected an integer, got a string`.
    package func formatted(file: String) -> String {
        var line = file
        if let location { line += ":\(location.line):\(location.column)" }
        line += ": error: "
        if !path.isEmpty { line += path + ": " }
        return line + message
    }
}

/// The closest candidate by edit distance, for "did you mean" hints.
package func closestMatch(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    var best: (String, Int)?
    for candidate in candidates.sorted() {
        let d = editDistance(lowered, candidate.lowercased())
        if d <= max(2, candidate.count / 3), best == nil || d < best!.1 {
            best = (candidate, d)
        }
    }
    return best?.0
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
