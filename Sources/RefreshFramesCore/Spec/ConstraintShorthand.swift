/// Parses the one-line constraint form, e.g. `3.centerX == superview.centerX - 19`,
/// `2.trailing == 3.leading - 10 @750`, `1.width == 20`, `4.width == 0.5 * 3.width`.
enum ConstraintShorthand {
    static let grammar =
        "TAG.attribute (==|<=|>=) [MULTIPLIER *] ITEM.attribute [(+|-) CONSTANT] [@PRIORITY], or TAG.attribute (==|<=|>=) CONSTANT [@PRIORITY]"

    static func parse(
        _ text: String, path: String, location: SourceLocation, tags: Set<Int>
    ) throws(SpecDiagnostic) -> ConstraintSpec {
        func fail(_ message: String) -> SpecDiagnostic {
            SpecDiagnostic(path: path, location: location, message: message)
        }
        var tokens = tokenize(text)
        var priority = 1000.0
        if let at = tokens.firstIndex(where: { $0.hasPrefix("@") }) {
            let rest = tokens[at...].joined().dropFirst()
            guard let p = Double(rest), (1...1000).contains(p) else {
                throw fail("priority '\(rest)' must be a number from 1 to 1000")
            }
            priority = p
            tokens.removeSubrange(at...)
        }
        guard let relIndex = tokens.firstIndex(where: { LayoutRelation(rawValue: $0) != nil }) else {
            throw fail("'\(text)' has no relation; expected \(grammar)")
        }
        let relation = LayoutRelation(rawValue: tokens[relIndex])!
        let left = Array(tokens[..<relIndex])
        var right = Array(tokens[(relIndex + 1)...])
        guard left.count == 1 else {
            throw fail("'\(text)': expected one ITEM.attribute before '\(relation.rawValue)'")
        }
        let (item, attribute) = try reference(left[0], text: text, tags: tags, fail: fail)
        var constraint = ConstraintSpec(
            item: item, attribute: attribute, relation: relation, priority: priority, path: path)
        guard !right.isEmpty else { throw fail("'\(text)': nothing after '\(relation.rawValue)'; expected \(grammar)") }
        if right.count == 1, let c = Double(right[0]) {
            constraint.constant = c
            return constraint
        }
        if right.count >= 3, right[1] == "*", let m = Double(right[0]) {
            constraint.multiplier = m
            right.removeFirst(2)
        }
        let (toItem, toAttribute) = try reference(right[0], text: text, tags: tags, fail: fail)
        constraint.toItem = toItem
        constraint.toAttribute = toAttribute
        right.removeFirst()
        if !right.isEmpty {
            guard right.count == 2, right[0] == "+" || right[0] == "-", let c = Double(right[1]) else {
                throw fail("'\(text)': unexpected '\(right.joined(separator: " "))'; expected \(grammar)")
            }
            constraint.constant = right[0] == "-" ? -c : c
        }
        return constraint
    }

    private static func reference(
        _ token: String, text: String, tags: Set<Int>, fail: (String) -> SpecDiagnostic
    ) throws(SpecDiagnostic) -> (LayoutItem, LayoutAttribute) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw fail("'\(token)' in '\(text)' is not ITEM.attribute") }
        let item: LayoutItem
        if parts[0] == "superview" {
            item = .superview
        } else if let tag = Int(parts[0]) {
            guard tags.contains(tag) else { throw fail("no view with tag \(tag) (in '\(text)')") }
            item = .view(tag: tag)
        } else {
            throw fail("'\(parts[0])' in '\(text)' is not a view tag or superview")
        }
        guard let attribute = LayoutAttribute(rawValue: String(parts[1])) else {
            var message = "'\(parts[1])' in '\(text)' is not a layout attribute"
            if let m = closestMatch(to: String(parts[1]), in: LayoutAttribute.allCases.map(\.rawValue)) {
                message += "; did you mean '\(m)'?"
            }
            throw fail(message)
        }
        return (item, attribute)
    }

    /// Splits on spaces and around operators, keeping `-19` after an operator position as a number.
    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" {
                flush()
            } else if (c == "=" || c == "<" || c == ">") && i + 1 < chars.count && chars[i + 1] == "=" {
                flush()
                tokens.append(String([c, "="]))
                i += 1
            } else if c == "*" || c == "+" || (c == "-" && !current.isEmpty) {
                flush()
                tokens.append(String(c))
            } else if c == "-" && (tokens.last.map { ["+", "-", "*", "==", "<=", ">="].contains($0) } ?? true) == false
            {
                flush()
                tokens.append("-")
            } else if c == "@" {
                flush()
                current = "@"
            } else {
                current.append(c)
            }
            i += 1
        }
        flush()
        return tokens
    }
}
