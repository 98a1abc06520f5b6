/// Apple's Visual Format Language, `H:|-25-[a]-10-[b]-25-|`, expanded into constraints as
/// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)` does
/// (Auto Layout Guide, "Visual Format Language", the grammar of its appendix).
///
/// `H:` (the default) relates leading, trailing and width; `V:` top, bottom and height. A connection
/// `-N-` or `-(>=N@P,…)-` is the space from one view's trailing edge to the next view's leading edge
/// (`next.leading == previous.trailing + N`); `-` alone is the standard space, 8 points between
/// siblings and the superview's layout margin (UIKit's default, 8 points) at a `|`; no connection
/// makes the views flush. `[a(…)]` predicates constrain the view's width (height in `V:`), to a
/// number, a metric or another view. Spaces are skipped.
package struct VisualFormat: Sendable {
    /// The space `-` stands for between two views.
    package static let standardSpacing = 8.0
    /// The space `-` stands for at a superview edge: UIKit's default `layoutMargins`.
    package static let superviewMargin = 8.0

    /// A malformed or unresolvable format, at a character offset (0-based) of the string, or (offset
    /// nil) options that do not fit the format.
    package struct Failure: Error, Equatable, Sendable {
        package var offset: Int?
        package var message: String
    }

    /// The alignment options (`NSLayoutConstraint.FormatOptions`) by their Swift names.
    package static let alignmentOptions: [String: LayoutAttribute] = [
        "alignAllLeft": .left, "alignAllRight": .right, "alignAllTop": .top, "alignAllBottom": .bottom,
        "alignAllLeading": .leading, "alignAllTrailing": .trailing, "alignAllCenterX": .centerX,
        "alignAllCenterY": .centerY,
    ]

    /// Expands `format` into constraints, each with `path`. `views` maps names to tags; `superviews`
    /// maps a tag to its superview's tag, which `|` stands for (the control when there is none).
    package static func expand(
        _ format: String, alignments: [LayoutAttribute] = [], metrics: [String: Double] = [:],
        views: [String: Int], superviews: [Int: Int] = [:], path: String = ""
    ) throws(Failure) -> [ConstraintSpec] {
        var parser = Parser(chars: Array(format), metrics: metrics, views: views)
        let line = try parser.parseLine()
        return try line.constraints(alignments: alignments, superviews: superviews, path: path)
    }

    // MARK: - Syntax

    struct Predicate {
        var relation: LayoutRelation = .equal
        enum Object {
            case constant(Double)
            case view(Int)
        }
        var object: Object
        var priority: Double = 1000
    }

    /// `nil` predicates: flush; `[]`: the standard space.
    struct Connection {
        var predicates: [Predicate]
        var isStandard: Bool { predicates.isEmpty }
    }

    struct ViewTerm {
        var tag: Int
        var predicates: [Predicate]
    }

    struct Line {
        var vertical: Bool
        var leading: Connection??
        var views: [ViewTerm]
        /// `connections[i]` joins `views[i]` and `views[i + 1]`; nil is flush.
        var connections: [Connection?]
        var trailing: Connection??
    }

    struct Parser {
        let chars: [Character]
        let metrics: [String: Double]
        let views: [String: Int]
        var i = 0

        init(chars: [Character], metrics: [String: Double], views: [String: Int]) {
            self.chars = chars
            self.metrics = metrics
            self.views = views
        }

        var current: Character? { i < chars.count ? chars[i] : nil }

        mutating func skipSpaces() {
            while let c = current, c == " " { i += 1 }
        }

        func fail(_ message: String, at offset: Int? = nil) -> Failure {
            Failure(offset: offset ?? i, message: message)
        }

        /// What is at the cursor, for "expected …, got …" messages.
        var found: String {
            guard let c = current else { return "the end of the format" }
            return "'\(c)'"
        }

        mutating func accept(_ c: Character) -> Bool {
            skipSpaces()
            guard current == c else { return false }
            i += 1
            return true
        }

        mutating func expect(_ c: Character, _ context: String) throws(Failure) {
            guard accept(c) else { throw fail("expected '\(c)' \(context), got \(found)") }
        }

        mutating func parseLine() throws(Failure) -> Line {
            skipSpaces()
            var vertical = false
            if let c = current, c == "H" || c == "V" {
                var j = i + 1
                while j < chars.count, chars[j] == " " { j += 1 }
                guard j < chars.count, chars[j] == ":" else {
                    throw fail(
                        "expected ':' after '\(c)' to give the orientation, got \(j < chars.count ? "'\(chars[j])'" : "the end of the format")",
                        at: j)
                }
                vertical = c == "V"
                i = j + 1
            }
            var line = Line(vertical: vertical, leading: nil, views: [], connections: [], trailing: nil)
            if accept("|") {
                line.leading = .some(try parseConnection())
            }
            line.views.append(try parseView())
            while true {
                skipSpaces()
                guard current != nil else { break }
                let connection = try parseConnection()
                skipSpaces()
                if accept("|") {
                    line.trailing = .some(connection)
                    skipSpaces()
                    if current != nil {
                        throw fail("expected the end of the format after the closing '|', got \(found)")
                    }
                    break
                }
                guard current == "[" else {
                    throw fail("expected '[' to start a view or '|' for the superview, got \(found)")
                }
                line.connections.append(connection)
                line.views.append(try parseView())
            }
            return line
        }

        /// A connection: nothing (flush), `-`, `-N-`, `-name-` or `-(predicates)-`.
        mutating func parseConnection() throws(Failure) -> Connection? {
            guard accept("-") else { return nil }
            skipSpaces()
            if current == "[" || current == "|" { return Connection(predicates: []) }
            if current == nil {
                throw fail("expected '[' to start a view or '|' for the superview after '-', got the end of the format")
            }
            var predicates: [Predicate]
            if accept("(") {
                predicates = try parsePredicates(allowViews: false)
            } else {
                let start = i
                let constant = try parseConstant(positiveOnly: true)
                predicates = [Predicate(object: .constant(constant))]
                if current == "@" {
                    throw fail("a priority needs parentheses: '-(\(String(chars[start..<i]))@…)-'")
                }
            }
            try expect("-", "after the spacing")
            return Connection(predicates: predicates)
        }

        mutating func parseView() throws(Failure) -> ViewTerm {
            try expect("[", "to start a view")
            skipSpaces()
            let start = i
            guard let name = parseIdentifier() else {
                throw fail("expected a view name (a letter or '_' then letters, digits, '_'), got \(found)")
            }
            guard let tag = views[name] else { throw unknownView(name, at: start) }
            var predicates: [Predicate] = []
            if accept("(") { predicates = try parsePredicates(allowViews: true) }
            try expect("]", "to close the view '\(name)'")
            return ViewTerm(tag: tag, predicates: predicates)
        }

        func unknownView(_ name: String, at offset: Int) -> Failure {
            var message = "no view named '\(name)'"
            if let m = closestMatch(to: name, in: Array(views.keys)) { message += "; did you mean '\(m)'?" }
            return fail(message + " (a view's 'name', or 'v' and its tag)", at: offset)
        }

        /// After '(': `predicate (, predicate)* )`.
        mutating func parsePredicates(allowViews: Bool) throws(Failure) -> [Predicate] {
            var predicates: [Predicate] = []
            repeat {
                predicates.append(try parsePredicate(allowViews: allowViews))
            } while accept(",")
            try expect(")", "to close the predicates")
            return predicates
        }

        mutating func parsePredicate(allowViews: Bool) throws(Failure) -> Predicate {
            skipSpaces()
            var relation = LayoutRelation.equal
            for r in [LayoutRelation.equal, .lessThanOrEqual, .greaterThanOrEqual] {
                let text = Array(r.rawValue)
                if i + 1 < chars.count, chars[i] == text[0], chars[i + 1] == text[1] {
                    relation = r
                    i += 2
                    break
                }
            }
            skipSpaces()
            let start = i
            var predicate: Predicate
            if let c = current, c.isLetter || c == "_" {
                let name = parseIdentifier()!
                if let value = metrics[name] {
                    predicate = Predicate(relation: relation, object: .constant(value))
                } else if allowViews, let tag = views[name] {
                    predicate = Predicate(relation: relation, object: .view(tag))
                } else if allowViews {
                    var message = "'\(name)' is neither a metric nor a view"
                    let names = Array(metrics.keys) + Array(views.keys)
                    if let m = closestMatch(to: name, in: names) { message += "; did you mean '\(m)'?" }
                    throw fail(message, at: start)
                } else {
                    throw unknownMetric(name, at: start)
                }
            } else {
                predicate = Predicate(relation: relation, object: .constant(try parseConstant(positiveOnly: false)))
            }
            if accept("@") {
                skipSpaces()
                let at = i
                let priority: Double
                if let c = current, c.isLetter || c == "_" {
                    let name = parseIdentifier()!
                    guard let value = metrics[name] else { throw unknownMetric(name, at: at) }
                    priority = value
                } else {
                    priority = try parseConstant(positiveOnly: true)
                }
                guard priority >= 1, priority <= 1000 else {
                    throw fail("a priority must be from 1 to 1000, got \(formatNumber(priority))", at: at)
                }
                predicate.priority = priority
            }
            return predicate
        }

        func unknownMetric(_ name: String, at offset: Int) -> Failure {
            var message = "no metric named '\(name)'"
            if let m = closestMatch(to: name, in: Array(metrics.keys)) { message += "; did you mean '\(m)'?" }
            return fail(message, at: offset)
        }

        /// A number (as strtod reads one, without exponents) or a metric name.
        mutating func parseConstant(positiveOnly: Bool) throws(Failure) -> Double {
            skipSpaces()
            let start = i
            if let c = current, c.isLetter || c == "_" {
                let name = parseIdentifier()!
                guard let value = metrics[name] else { throw unknownMetric(name, at: start) }
                return value
            }
            var text = ""
            if !positiveOnly, let c = current, c == "-" || c == "+" {
                text.append(c)
                i += 1
            }
            while let c = current, c.isASCII, c.isNumber || c == "." {
                text.append(c)
                i += 1
            }
            guard let value = Double(text), value.isFinite, abs(value) <= 1e5 else {
                i = start
                throw fail("expected a number or a metric name, got \(found)")
            }
            return value
        }

        mutating func parseIdentifier() -> String? {
            guard let c = current, c.isASCII, c.isLetter || c == "_" else { return nil }
            var name = ""
            while let c = current, c.isASCII, c.isLetter || c.isNumber || c == "_" {
                name.append(c)
                i += 1
            }
            return name
        }
    }
}

extension VisualFormat.Line {
    func constraints(alignments: [LayoutAttribute], superviews: [Int: Int], path: String) throws(VisualFormat.Failure)
        -> [ConstraintSpec]
    {
        let (start, end, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            vertical ? (.top, .bottom, .height) : (.leading, .trailing, .width)
        var result: [ConstraintSpec] = []
        func spacing(
            _ connection: VisualFormat.Connection?, from: LayoutItem, _ fromAttribute: LayoutAttribute,
            to: LayoutItem, _ toAttribute: LayoutAttribute, standard: Double
        ) {
            // `to.toAttribute relation from.fromAttribute + space`, as the string reads left to right.
            let predicates =
                connection.map { $0.isStandard ? [.init(object: .constant(standard))] : $0.predicates }
                ?? [.init(object: .constant(0))]
            for p in predicates {
                guard case .constant(let space) = p.object else { continue }
                result.append(
                    ConstraintSpec(
                        item: to, attribute: toAttribute, relation: p.relation, toItem: from,
                        toAttribute: fromAttribute, constant: space, priority: p.priority, path: path))
            }
        }
        func edge(of tag: Int) -> LayoutItem { superviews[tag].map { .view(tag: $0) } ?? .superview }
        if case .some(let connection) = leading {
            spacing(
                connection, from: edge(of: views[0].tag), start, to: .view(tag: views[0].tag), start,
                standard: VisualFormat.superviewMargin)
        }
        for (index, view) in views.enumerated() {
            for p in view.predicates {
                var c = ConstraintSpec(
                    item: .view(tag: view.tag), attribute: size, relation: p.relation, priority: p.priority, path: path)
                switch p.object {
                case .constant(let value): c.constant = value
                case .view(let other):
                    c.toItem = .view(tag: other)
                    c.toAttribute = size
                }
                result.append(c)
            }
            if index + 1 < views.count {
                spacing(
                    connections[index], from: .view(tag: view.tag), end, to: .view(tag: views[index + 1].tag), start,
                    standard: VisualFormat.standardSpacing)
            }
        }
        if case .some(let connection) = trailing {
            spacing(
                connection, from: .view(tag: views[views.count - 1].tag), end, to: edge(of: views[views.count - 1].tag),
                end,
                standard: VisualFormat.superviewMargin)
        }
        for attribute in alignments {
            let horizontal = [LayoutAttribute.left, .right, .leading, .trailing, .centerX].contains(attribute)
            if horizontal != vertical {
                let message =
                    vertical
                    ? "a V: format cannot align its views on \(attribute); it aligns them on left, right, leading, trailing or centerX"
                    : "an H: format cannot align its views on \(attribute); it aligns them on top, bottom or centerY"
                throw VisualFormat.Failure(offset: nil, message: message)
            }
            for view in views.dropFirst() {
                result.append(
                    ConstraintSpec(
                        item: .view(tag: views[0].tag), attribute: attribute, toItem: .view(tag: view.tag),
                        toAttribute: attribute, path: path))
            }
        }
        return result
    }
}
