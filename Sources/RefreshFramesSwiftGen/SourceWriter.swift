import Foundation
import RefreshFramesCore

/// Builds the generated file line by line; one instance per `SwiftGenerator.generate` call.
struct SourceWriter {
    let spec: Spec
    let typeName: String
    private var out: [String] = []
    private var indent = 0

    /// Each view's Swift property name (`label1`, `view3`, `spinner1`), by tag.
    private var names: [Int: String] = [:]
    /// Collections of views the program loops over: name, tags, element type.
    private var collections: [(name: String, tags: [Int], type: String)] = []
    /// Distinct fonts in order of first use.
    private var fonts: [FontSpec] = []
    /// Distinct `{now:…}` patterns in order of first use.
    private var clockPatterns: [String] = []
    /// The program's animate blocks in order, numbered from 1.
    private var blocks: [Block] = []
    /// Each `each` step whose wrap position is not its view count.
    private var wrapConstants: [(name: String, value: Int)] = []

    struct Block {
        var number: Int
        var animate: Animate
        var path: String
    }

    init(spec: Spec, typeName: String) throws(SpecDiagnostic) {
        self.spec = spec
        self.typeName = typeName
        for view in spec.views {
            let prefix =
                switch view.kind {
                case .label: "label"
                case .view: "view"
                case .spinner: "spinner"
                case .stack: "stack"
                }
            names[view.tag] = prefix + (view.tag < 0 ? "Minus\(-view.tag)" : "\(view.tag)")
            if view.kind == .label && !fonts.contains(view.font) { fonts.append(view.font) }
            for text in view.texts.sorted(by: { $0.key.rawValue < $1.key.rawValue }).map(\.value) {
                for pattern in Self.clockTemplates(in: text) where !clockPatterns.contains(pattern) {
                    clockPatterns.append(pattern)
                }
            }
        }
        if let program = spec.program {
            var number = 0
            for (i, step) in program.cycle.enumerated() {
                let path = "program.cycle[\(i)]"
                switch step {
                case .animate(let a):
                    number += 1
                    blocks.append(Block(number: number, animate: a, path: path + ".animate"))
                case .each(let e):
                    for (j, inner) in e.steps.enumerated() {
                        guard case .animate(let a) = inner else {
                            throw SpecDiagnostic(
                                path: "\(path).each.steps[\(j)]", location: nil,
                                message: "an 'each' inside an 'each' is not written as Swift yet; flatten the steps")
                        }
                        number += 1
                        blocks.append(Block(number: number, animate: a, path: "\(path).each.steps[\(j)].animate"))
                    }
                    _ = collection(for: e.views)
                    if e.wrapAt != e.views.count {
                        let name = wrapConstants.isEmpty ? "wrapPosition" : "wrapPosition\(wrapConstants.count + 1)"
                        wrapConstants.append((name, e.wrapAt))
                    }
                }
            }
            for block in blocks {
                if case .tags(let tags) = block.animate.target { _ = collection(for: tags) }
            }
            if !program.reset.isEmpty { _ = collection(for: spec.views.map(\.tag)) }
        }
        if spec.views.count > 1 && Set(spec.views.map(\.kind)).count == 1 { collection(for: spec.views.map(\.tag)) }
        let rounded = spec.views.filter { $0.cornerRadius == .quarterOfWidthPlusHeight }.map(\.tag)
        if !rounded.isEmpty { collection(for: rounded) }
        // A block over "all" views loops over every view (made last, so that no other name changes).
        if blocks.contains(where: { if case .all = $0.animate.target { true } else { false } }) {
            collection(for: spec.views.map(\.tag))
        }
        try checkConstraints()
        try checkTextColors()
        try checkHierarchy()
    }

    /// View hierarchies, stack views and hidden views are not written as Swift yet: refused, not guessed.
    private func checkHierarchy() throws(SpecDiagnostic) {
        for (index, view) in spec.views.enumerated() {
            let path = "views[\(index)]"
            func refuse(_ key: String, _ what: String) -> SpecDiagnostic {
                SpecDiagnostic(path: path + key, location: nil, message: "\(what) is not written as Swift yet")
            }
            if view.kind == .stack { throw refuse(".kind", "a stack view") }
            if view.superview != nil { throw refuse(".superview", "a view inside another view") }
            if view.isHidden { throw refuse(".hidden", "a hidden view") }
        }
    }

    // MARK: Names

    private func viewName(_ tag: Int) -> String { names[tag]! }

    private func kind(_ tag: Int) -> ViewKind { spec.view(tag: tag)?.kind ?? .view }

    private static func swiftType(_ kind: ViewKind) -> String {
        switch kind {
        case .label: "UILabel"
        case .view: "UIView"
        case .spinner: "UIActivityIndicatorView"
        case .stack: "UIStackView"
        }
    }

    /// The name of the collection holding `tags` in that order, made on first use.
    @discardableResult
    private mutating func collection(for tags: [Int]) -> String {
        if let existing = collections.first(where: { $0.tags == tags }) { return existing.name }
        let kinds = Set(tags.map(kind))
        let type = kinds.count == 1 ? Self.swiftType(kinds.first!) : "UIView"
        let name: String
        if tags == spec.views.map(\.tag) {
            switch (kinds.count, kinds.first) {
            case (1, .label): name = "labels"
            case (1, .view): name = "views"
            case (1, .spinner): name = "spinners"
            default: name = "animatedViews"
            }
        } else if tags == spec.views.map(\.tag).sorted() && kinds.count == 1 {
            name = kinds.first! == .label ? "labelsInTagOrder" : "viewsInTagOrder"
        } else if tags.count <= 3 {
            let noun = kinds == [.label] ? "labels" : "views"
            name = noun + "Tagged" + tags.map(String.init).joined(separator: "And")
        } else {
            name = "viewGroup\(collections.count + 1)"
        }
        collections.append((name, tags, type))
        return name
    }

    private func collectionInfo(_ tags: [Int]) -> (name: String, tags: [Int], type: String) {
        collections.first { $0.tags == tags }!
    }

    // MARK: Checks

    /// Anchor families: UIKit relates centerX to either horizontal family, but never left/right to leading/trailing.
    private enum Axis { case x, xDirectional, xCenter, y, dimension }

    private static func axis(_ a: LayoutAttribute) -> Axis {
        switch a {
        case .centerX: .xCenter
        case .left, .right: .x
        case .leading, .trailing: .xDirectional
        case .top, .bottom, .centerY: .y
        case .width, .height: .dimension
        }
    }

    private func checkConstraints() throws(SpecDiagnostic) {
        for c in spec.constraints {
            guard let to = c.toAttribute else { continue }
            let pair = Set([Self.axis(c.attribute), Self.axis(to)])
            if pair == [.x, .xDirectional] {
                throw SpecDiagnostic(
                    path: c.path, location: nil,
                    message:
                        "UIKit cannot relate \(c.attribute.rawValue) to \(to.rawValue) (left/right and leading/trailing do not mix); use one pair"
                )
            }
        }
    }

    private func checkTextColors() throws(SpecDiagnostic) {
        guard let program = spec.program else { return }
        func check(_ changes: Changes, _ tags: [Int], path: String) throws(SpecDiagnostic) {
            // A fixed colour is set on the labels only (`(view as? UILabel)?.textColor`); the engine's
            // palette would still advance for a plain view, which the code cannot mirror.
            guard changes.textColor == .nextPaletteColor, let tag = tags.first(where: { kind($0) != .label }) else {
                return
            }
            throw SpecDiagnostic(
                path: path, location: nil,
                message:
                    "takes the next palette colour as the textColor of view \(tag), which is not a label; UIView has no textColor"
            )
        }
        for block in blocks {
            let tags: [Int]
            switch block.animate.target {
            case .all: tags = spec.views.map(\.tag)
            case .tags(let list): tags = list
            case .current: tags = eachViews(containing: block.number) ?? []
            }
            try check(block.animate.changes, tags, path: block.path + ".set")
        }
        try check(program.reset, spec.views.map(\.tag), path: "program.reset")
    }

    /// The views of the `each` that holds block `number`, if any.
    private func eachViews(containing number: Int) -> [Int]? {
        guard let program = spec.program else { return nil }
        var n = 0
        for step in program.cycle {
            switch step {
            case .animate: n += 1
            case .each(let e):
                if number > n && number <= n + e.steps.count { return e.views }
                n += e.steps.count
            }
        }
        return nil
    }

    // MARK: Output helpers

    private mutating func line(_ text: String = "") {
        out.append(text.isEmpty ? "" : String(repeating: "    ", count: indent) + text)
    }

    private mutating func block(_ opening: String, _ body: (inout SourceWriter) -> Void) {
        line(opening + " {")
        indent += 1
        body(&self)
        indent -= 1
        line("}")
    }

    /// `prefix[a, b, c]` on one line when it fits in 120 columns, else the elements packed on
    /// indented lines with a trailing comma, as swift-format lays them out.
    private mutating func arrayLine(_ prefix: String, _ elements: [String]) {
        let single = prefix + "[" + elements.joined(separator: ", ") + "]"
        guard single.count + indent * 4 > 120 else { return line(single) }
        line(prefix + "[")
        indent += 1
        var current = ""
        for element in elements {
            if !current.isEmpty && current.count + element.count + 2 + indent * 4 > 120 {
                line(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + element + ","
        }
        line(current)
        indent -= 1
        line("]")
    }

    /// `// ` comment lines wrapped at 100 columns; a line break in `text` (any terminator) breaks the line.
    private mutating func comment(_ text: String, prefix: String = "//") {
        let paragraphs = SwiftLiteral.commentLines(text)
        for paragraph in paragraphs {
            var current = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                if !current.isEmpty && current.count + word.count + 1 + prefix.count + 1 + indent * 4 > 100 {
                    line(prefix + " " + current)
                    current = ""
                }
                current += current.isEmpty ? String(word) : " " + word
            }
            if !current.isEmpty {
                line(prefix + " " + current)
            } else if paragraphs.count > 1 {
                line(prefix)
            }
        }
    }

    static func clockTemplates(in text: String) -> [String] {
        var patterns: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{now:") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "}") else { break }
            patterns.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return patterns
    }

    private func clockFormatterName(_ pattern: String) -> String {
        let index = clockPatterns.firstIndex(of: pattern)!
        return clockPatterns.count == 1 ? "clockFormatter" : "clockFormatter\(index + 1)"
    }

    /// A text as a Swift expression: a literal, or literals and `{now:…}` dates joined with `+`.
    private func textExpression(_ text: String) -> String {
        guard text.contains("{now:") else { return SwiftLiteral.string(text) }
        var parts: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{now:") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "}") else { break }
            if open.lowerBound > rest.startIndex { parts.append(SwiftLiteral.string(String(rest[..<open.lowerBound]))) }
            parts.append("Self.\(clockFormatterName(String(after[..<close]))).string(from: Date())")
            rest = after[after.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(SwiftLiteral.string(String(rest))) }
        return parts.joined(separator: " + ")
    }

    private func fontName(_ font: FontSpec) -> String {
        fonts.count == 1 ? "font" : "font\(fonts.firstIndex(of: font)! + 1)"
    }

    private static func fontExpression(_ font: FontSpec) -> String {
        let size = SwiftLiteral.number(font.size)
        let system =
            font.weight == "regular"
            ? "UIFont.systemFont(ofSize: \(size))"
            : "UIFont.systemFont(ofSize: \(size), weight: \(SwiftLiteral.weight(font.weight)))"
        // The renderer draws the iOS system font (SF with PingFang for CJK) with this family; `System`
        // and its aliases (`.SFUIText`, `SF Pro`…) are the system font by name.
        if font.family == FontSpec.defaultFamily || font.iOS?.font.family == "System" { return system }
        return "UIFont(name: \(SwiftLiteral.string(font.family)), size: \(size)) ?? \(system)"
    }

    // MARK: The file

    mutating func write(specName: String, sha256: String) throws(SpecDiagnostic) -> String {
        line("// \(typeName).swift")
        line("// Generated by `refresh-frames swift` from \(SwiftLiteral.commentText(specName))")
        line("// (SHA-256 \(sha256)).")
        line("// Edit the spec and regenerate rather than editing this file.")
        if let description = spec.description, !description.isEmpty {
            line("//")
            comment(description)
        }
        line()
        line("import UIKit")
        line()
        writeTypeComment(specName: specName)
        block("final class \(typeName): UIView") { w in
            w.writeConstants()
            w.writeProperties()
            w.writeInitializers()
            w.writeSetUp()
            w.writeLayoutSubviews()
            w.writeRefreshing()
            w.writeProgram()
        }
        if spec.constraints.contains(where: { $0.priority != 1000 }) {
            line()
            block("extension NSLayoutConstraint") { w in
                w.line("/// The constraint at `priority`, for `NSLayoutConstraint.activate`.")
                w.block("fileprivate func withPriority(_ priority: Float) -> NSLayoutConstraint") { w in
                    w.line("self.priority = UILayoutPriority(priority)")
                    w.line("return self")
                }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private var hasProgram: Bool { spec.program != nil }
    private var spinners: [ViewSpec] { spec.views.filter { $0.kind == .spinner } }
    private var changedTexts: [ViewSpec] {
        spec.views.filter { v in v.texts[.refreshing].map { $0 != v.texts[.idle] } ?? false }
    }

    private mutating func writeTypeComment(specName: String) {
        line("/// The pull-to-refresh content of \(SwiftLiteral.commentText(specName)), in UIKit (iOS 13+).")
        line("///")
        line("/// Put it in a `UIRefreshControl` as the tutorials do, and tell it when refreshing begins and ends:")
        line("///")
        line("///     let refreshControl = UIRefreshControl()")
        line("///     let refreshView = \(typeName)(frame: refreshControl.bounds)")
        line("///     refreshView.autoresizingMask = [.flexibleWidth, .flexibleHeight]")
        line("///     refreshControl.backgroundColor = .clear")
        line("///     refreshControl.tintColor = .clear")
        line("///     refreshControl.addSubview(refreshView)")
        line("///     refreshControl.addTarget(self, action: #selector(refresh), for: .valueChanged)")
        line("///     tableView.refreshControl = refreshControl")
        line("///")
        line("///     @objc func refresh() {")
        line("///         refreshView.beginRefreshing()")
        line("///         load {  // when the work is done")
        line("///             refreshControl.endRefreshing()")
        line("///             refreshView.endRefreshing()")
        line("///         }")
        line("///     }")
        if spec.scenario.contentAlphaFollowsPull != nil {
            line("///")
            line(
                "/// and from `scrollViewDidScroll(_:)`: `refreshView.pullDidChange(to: -scrollView.contentOffset.y)`.")
        }
        if hasIdleTextMethod {
            line("///")
            line("/// Call `showIdleTexts()` from `scrollViewWillBeginDragging(_:)` to show the pull texts again.")
        }
    }

    private mutating func writeConstants() {
        line("/// The size the spec was designed at; the constraints follow the view's bounds.")
        line(
            "static let designSize = CGSize(width: \(SwiftLiteral.number(spec.canvas.width)), height: \(SwiftLiteral.number(spec.canvas.height)))"
        )
        line()
        // UIColor and UIFont need not be Sendable: the constants belong to the main actor, as the view does.
        block("@MainActor private enum Appearance") { w in
            w.line("static let background = \(SwiftLiteral.qualifiedColor(w.spec.canvas.background))")
            for font in w.fonts { w.line("static let \(w.fontName(font)) = \(Self.fontExpression(font))") }
            if let divisor = w.spec.scenario.contentAlphaFollowsPull {
                w.line("/// The pull at which the view is fully opaque (the tutorial's `alpha = pull / 60`).")
                w.line("static let opaquePull: CGFloat = \(SwiftLiteral.number(divisor))")
            }
            if !w.spinners.isEmpty {
                w.line("/// UIRefreshControl fades its spinner out over 0.3 s when refreshing ends.")
                w.line("static let spinnerFadeDuration: TimeInterval = 0.3")
            }
        }
        for pattern in clockPatterns {
            line()
            block("private static let \(clockFormatterName(pattern)): DateFormatter =") { w in
                w.line("let formatter = DateFormatter()")
                w.line("formatter.dateFormat = \(SwiftLiteral.string(pattern))")
                w.line("return formatter")
            }
            out[out.count - 1] += "()"
        }
    }

    private mutating func writeProperties() {
        line()
        for view in spec.views {
            let type = Self.swiftType(view.kind)
            let initial = view.kind == .spinner ? "UIActivityIndicatorView(style: .medium)" : "\(type)()"
            line("private let \(viewName(view.tag)) = \(initial)")
        }
        for c in collections {
            arrayLine("private lazy var \(c.name): [\(c.type)] = ", c.tags.map(viewName))
        }
        guard let program = spec.program else { return }
        if usesPalette(program) {
            line()
            arrayLine("private static let palette: [UIColor] = ", spec.palette.map(SwiftLiteral.color))
            line("/// Never reset: the colours carry over from one loop to the next, as in the tutorials.")
            line("private var paletteIndex = 0")
        }
        for wrap in wrapConstants {
            comment(
                "The position where the loop wraps to the first view (the tutorial compares with `count - 1`, so the last view never animates).",
                prefix: "///")
            line("private static let \(wrap.name) = \(wrap.value)")
        }
        if usesInitialColors(\.textColor) || usesInitialColors(\.backgroundColor) {
            line("/// The colours the views were set up with: what \"back to its own colour\" returns to.")
            if usesInitialColors(\.textColor) { line("private var initialTextColors: [Int: UIColor] = [:]") }
            if usesInitialColors(\.backgroundColor) {
                line("private var initialBackgroundColors: [Int: UIColor] = [:]")
            }
        }
        line("private var isRefreshing = false")
        line("private var isAnimating = false")
    }

    /// Whether a block or the reset returns a colour to the view's own (`"initial"`).
    private func usesInitialColors(_ property: KeyPath<Changes, ColorValue?>) -> Bool {
        guard let program = spec.program else { return false }
        return (blocks.map(\.animate.changes) + [program.reset]).contains { $0[keyPath: property] == .initial }
    }

    private func usesPalette(_ program: Program) -> Bool {
        let all = blocks.map(\.animate.changes) + [program.reset]
        return all.contains { $0.textColor == .nextPaletteColor || $0.backgroundColor == .nextPaletteColor }
    }

    private mutating func writeInitializers() {
        line()
        block("override init(frame: CGRect)") { w in
            w.line("super.init(frame: frame)")
            w.line("setUp()")
        }
        line()
        block("required init?(coder: NSCoder)") { w in
            w.line("super.init(coder: coder)")
            w.line("setUp()")
        }
    }

    private var hasIdleTextMethod: Bool {
        !changedTexts.isEmpty && spec.views.contains(where: { $0.texts[.idle] != nil })
    }

    private mutating func writeSetUp() {
        line()
        block("private func setUp()") { w in
            w.line("backgroundColor = Appearance.background")
            w.configureViews()
            if w.usesInitialColors(\.textColor) {
                for view in w.spec.views where view.kind == .label {
                    let name = w.viewName(view.tag)
                    w.line("initialTextColors[\(name).tag] = \(name).textColor")
                }
            }
            if w.usesInitialColors(\.backgroundColor) {
                for view in w.spec.views {
                    let name = w.viewName(view.tag)
                    w.line("initialBackgroundColors[\(name).tag] = \(name).backgroundColor")
                }
            }
            if w.hasIdleTextMethod { w.line("showIdleTexts()") }
            if w.spec.scenario.contentAlphaFollowsPull != nil { w.line("pullDidChange(to: 0)") }
            w.line("NSLayoutConstraint.activate([")
            w.indent += 1
            for c in w.spec.constraints { w.line(w.constraintExpression(c) + ",") }
            w.indent -= 1
            w.line("])")
        }
        if hasIdleTextMethod {
            line()
            line("/// The texts shown while pulling (the tutorial sets them when a drag begins).")
            block("func showIdleTexts()") { w in
                for view in w.spec.views {
                    if let text = view.texts[.idle] {
                        w.line("\(w.viewName(view.tag)).text = \(w.textExpression(text))")
                    }
                }
            }
        }
    }

    /// Each view's set-up; lines every view shares (when all are of one kind) go in one loop.
    private mutating func configureViews() {
        let perView = spec.views.map { configuration($0, name: Self.placeholder) }
        let kinds = Set(spec.views.map(\.kind))
        var shared: [String] = []
        if spec.views.count > 1 && kinds.count == 1 {
            shared = perView[0].filter { l in perView.allSatisfy { $0.contains(l) } }
        }
        for (view, lines) in zip(spec.views, perView) {
            for l in lines where !shared.contains(l) {
                line(l.replacingOccurrences(of: Self.placeholder, with: viewName(view.tag)))
            }
        }
        guard !shared.isEmpty else { return }
        let info = collectionInfo(spec.views.map(\.tag))
        let target = info.type == "UILabel" ? "label" : "view"
        block("for \(target) in \(info.name)") { w in
            for l in shared { w.line(l.replacingOccurrences(of: Self.placeholder, with: target)) }
        }
    }

    /// Stands for a view's name in `configuration` (a control character, which string literals escape).
    private static let placeholder = "\u{1}"

    /// A view's set-up lines with `placeholder` for its name.
    private func configuration(_ view: ViewSpec, name: String) -> [String] {
        var out: [String] = []
        func line(_ text: String) { out.append(text) }
        line("\(name).tag = \(view.tag)")
        switch view.kind {
        case .label:
            if !hasIdleTextMethod, let text = view.texts[.idle] { line("\(name).text = \(textExpression(text))") }
            line("\(name).font = Appearance.\(fontName(view.font))")
            line("\(name).textColor = \(SwiftLiteral.color(view.textColor))")
            line("\(name).textAlignment = .\(view.textAlignment.rawValue)")
            if view.huggingPriority != 250 {
                let p = SwiftLiteral.number(view.huggingPriority)
                line("\(name).setContentHuggingPriority(UILayoutPriority(\(p)), for: .horizontal)")
                line("\(name).setContentHuggingPriority(UILayoutPriority(\(p)), for: .vertical)")
            }
            if view.compressionPriority != 750 {
                let p = SwiftLiteral.number(view.compressionPriority)
                line("\(name).setContentCompressionResistancePriority(UILayoutPriority(\(p)), for: .horizontal)")
                line("\(name).setContentCompressionResistancePriority(UILayoutPriority(\(p)), for: .vertical)")
            }
        case .spinner:
            line("\(name).color = \(SwiftLiteral.color(view.tintColor))")
            line("\(name).hidesWhenStopped = false")
        case .view, .stack:  // stack views are refused by `checkHierarchy`
            break
        }
        if view.backgroundColor != .clear {
            line("\(name).backgroundColor = \(SwiftLiteral.color(view.backgroundColor))")
        }
        if view.alpha != 1 { line("\(name).alpha = \(SwiftLiteral.number(view.alpha))") }
        if case .points(let r) = view.cornerRadius, r != 0 {
            line("\(name).layer.cornerRadius = \(SwiftLiteral.number(r))")
        }
        if view.clipsToBounds { line("\(name).clipsToBounds = true") }
        line("\(name).translatesAutoresizingMaskIntoConstraints = false")
        line("addSubview(\(name))")
        return out
    }

    private func item(_ item: LayoutItem) -> String {
        switch item {
        case .superview: "self"
        case .view(let tag): viewName(tag)
        }
    }

    private func anchor(_ item: LayoutItem, _ attribute: LayoutAttribute) -> String {
        switch item {
        case .superview: SwiftLiteral.anchor(attribute)
        case .view(let tag): viewName(tag) + "." + SwiftLiteral.anchor(attribute)
        }
    }

    /// One constraint as a layout-anchor call, or `NSLayoutConstraint(item:…)` where anchors cannot say it.
    private func constraintExpression(_ c: ConstraintSpec) -> String {
        let relation =
            switch c.relation {
            case .equal: "equalTo"
            case .lessThanOrEqual: "lessThanOrEqualTo"
            case .greaterThanOrEqual: "greaterThanOrEqualTo"
            }
        let constant = SwiftLiteral.number(c.constant)
        let first = anchor(c.item, c.attribute)
        var text: String
        if let toItem = c.toItem, let toAttribute = c.toAttribute {
            let horizontal: Set<Axis> = [.x, .xDirectional, .xCenter]
            let axes = (Self.axis(c.attribute), Self.axis(toAttribute))
            let sameKind = axes.0 == axes.1 || (horizontal.contains(axes.0) && horizontal.contains(axes.1))
            let second = anchor(toItem, toAttribute)
            if sameKind && Self.axis(c.attribute) == .dimension {
                text = "\(first).constraint(\(relation): \(second)"
                if c.multiplier != 1 { text += ", multiplier: \(SwiftLiteral.number(c.multiplier))" }
                if c.constant != 0 { text += ", constant: \(constant)" }
                text += ")"
            } else if sameKind && c.multiplier == 1 {
                text =
                    "\(first).constraint(\(relation): \(second)" + (c.constant != 0 ? ", constant: \(constant))" : ")")
            } else {
                let relatedBy =
                    switch c.relation {
                    case .equal: ".equal"
                    case .lessThanOrEqual: ".lessThanOrEqual"
                    case .greaterThanOrEqual: ".greaterThanOrEqual"
                    }
                text =
                    "NSLayoutConstraint(item: \(item(c.item)), attribute: \(SwiftLiteral.attribute(c.attribute)), relatedBy: \(relatedBy), toItem: \(item(toItem)), attribute: \(SwiftLiteral.attribute(toAttribute)), multiplier: \(SwiftLiteral.number(c.multiplier)), constant: \(constant))"
            }
        } else {
            // The spec allows a bare constant only on width and height (`1.width == 20`).
            text = "\(first).constraint(\(relation)Constant: \(constant))"
        }
        if c.priority != 1000 { text += ".withPriority(\(SwiftLiteral.number(c.priority)))" }
        return text
    }

    private mutating func writeLayoutSubviews() {
        let rounded = spec.views.filter { $0.cornerRadius == .quarterOfWidthPlusHeight }
        guard !rounded.isEmpty else { return }
        line()
        block("override func layoutSubviews()") { w in
            w.line("super.layoutSubviews()")
            w.line("// Each of these is rounded by a quarter of its width plus height, as in the tutorial.")
            let info = w.collectionInfo(rounded.map(\.tag))
            w.block("for view in \(info.name)") { w in
                w.line("view.layer.cornerRadius = (view.bounds.width + view.bounds.height) * 0.25")
            }
        }
    }

    private mutating func writeRefreshing() {
        line()
        line("// MARK: Refreshing")
        if spec.scenario.contentAlphaFollowsPull != nil {
            line()
            line("/// Fades the content in with the pull, in points (`-scrollView.contentOffset.y`).")
            block("func pullDidChange(to distance: CGFloat)") { w in
                w.line("alpha = min(max(distance / Appearance.opaquePull, 0), 1)")
            }
        }
        line()
        var begins: [String] = []
        if !changedTexts.isEmpty { begins.append("shows the refreshing texts") }
        if !spinners.isEmpty { begins.append("starts the spinner") }
        if hasProgram { begins.append("starts the loop") }
        line(
            "/// Call when the refresh control begins refreshing"
                + (begins.isEmpty ? "." : ": " + begins.joined(separator: ", ") + "."))
        block("func beginRefreshing()") { w in
            if w.hasProgram { w.line("isRefreshing = true") }
            for view in w.changedTexts {
                w.line("\(w.viewName(view.tag)).text = \(w.textExpression(view.texts[.refreshing]!))")
            }
            for view in w.spinners { w.line("\(w.viewName(view.tag)).startAnimating()") }
            if !w.hasProgram && w.changedTexts.isEmpty && w.spinners.isEmpty {
                w.line("// The spec changes nothing when refreshing begins.")
            }
            if w.hasProgram {
                w.line("guard !isAnimating else { return }")
                w.line("isAnimating = true")
                w.line(w.firstCall(position: "0"))
            }
        }
        line()
        if hasProgram {
            line("/// Call when refreshing ends: the loop runs on to its next check point, then resets.")
        } else {
            line("/// Call when refreshing ends.")
        }
        block("func endRefreshing()") { w in
            if w.hasProgram { w.line("isRefreshing = false") }
            if !w.hasProgram && w.spinners.isEmpty { w.line("// The spec changes nothing when refreshing ends.") }
            if !w.spinners.isEmpty {
                w.block("UIView.animate(withDuration: Appearance.spinnerFadeDuration)") { w in
                    for view in w.spinners { w.line("self.\(w.viewName(view.tag)).alpha = 0") }
                }
            }
        }
    }

    // MARK: The program

    /// The call that starts the cycle.
    private func firstCall(position: String) -> String {
        guard let first = spec.program?.cycle.first else { return "" }
        if case .each = first { return "step1(\(position))" }
        return "step1()"
    }

    private mutating func writeProgram() {
        guard let program = spec.program else { return }
        line()
        line("// MARK: Animation program")
        line("//")
        switch program.check {
        case .afterCycle:
            comment(
                "Blocks chained by their completions; `refreshing` is checked after the whole cycle, so ending the refresh never cuts a cycle short."
            )
        case .afterEachView:
            comment(
                "Blocks chained by their completions; `refreshing` is checked after each view's steps, and the position carries on from view to view."
            )
        }
        var number = 0
        for (i, step) in program.cycle.enumerated() {
            let nextTopLevel: String? =
                i + 1 < program.cycle.count ? callForTopLevel(i + 1, position: "0") : nil
            switch step {
            case .animate(let a):
                number += 1
                let after = nextTopLevel.map { "self." + $0 } ?? loopEnd(program)
                writeBlock(number: number, animate: a, parameter: nil, currentTags: nil, completion: [after])
            case .each(let e):
                let info = collectionInfo(e.views)
                let limit =
                    e.wrapAt == e.views.count
                    ? "self.\(info.name).count" : "Self.\(wrapConstants.first { $0.value == e.wrapAt }!.name)"
                let firstNumber = number + 1
                for (j, inner) in e.steps.enumerated() {
                    guard case .animate(let a) = inner else { continue }
                    number += 1
                    var completion: [String]
                    if j + 1 < e.steps.count {
                        completion = ["self.step\(number + 1)(position)"]
                    } else if program.check == .afterEachView {
                        completion = [
                            "let next = position + 1 == \(limit) ? 0 : position + 1",
                            "if self.isRefreshing { self.step\(firstNumber)(next) } else { self.stop() }",
                        ]
                    } else {
                        let after = nextTopLevel.map { "self." + $0 } ?? loopEnd(program)
                        completion = [
                            "if position + 1 < \(limit) { self.step\(firstNumber)(position + 1) } else { \(after) }"
                        ]
                    }
                    writeBlock(
                        number: number, animate: a, parameter: "position", currentTags: e.views, completion: completion)
                }
            }
        }
        writeStop(program)
        if usesPalette(program) {
            line()
            line("/// The tutorials' `getNextColor()`: wraps when the index reaches the end, then advances.")
            block("private func nextPaletteColor() -> UIColor") { w in
                w.line("if paletteIndex == Self.palette.count { paletteIndex = 0 }")
                w.line("let color = Self.palette[paletteIndex]")
                w.line("paletteIndex += 1")
                w.line("return color")
            }
        }
    }

    private func callForTopLevel(_ index: Int, position: String) -> String {
        var number = 0
        for step in spec.program!.cycle.prefix(index) {
            switch step {
            case .animate: number += 1
            case .each(let e): number += e.steps.count
            }
        }
        if case .each = spec.program!.cycle[index] { return "step\(number + 1)(\(position))" }
        return "step\(number + 1)()"
    }

    /// What the last block of a cycle does: loop while refreshing, else stop.
    private func loopEnd(_ program: Program) -> String {
        "if self.isRefreshing { self.\(firstCall(position: "0")) } else { self.stop() }"
    }

    private mutating func writeBlock(
        number: Int, animate a: Animate, parameter: String?, currentTags: [Int]?, completion: [String]
    ) {
        let enumName = "Step\(number)"
        line()
        comment(describe(a, current: currentTags) + ".", prefix: "///")
        let isolation = Self.hasColorConstants(a.changes) ? "@MainActor " : ""
        block("\(isolation)private enum \(enumName)") { w in
            w.line("static let duration: TimeInterval = \(SwiftLiteral.number(a.duration))")
            if a.delay != 0 { w.line("static let delay: TimeInterval = \(SwiftLiteral.number(a.delay))") }
            if case .spring(let damping, let velocity) = a.curve {
                w.line("static let damping: CGFloat = \(SwiftLiteral.number(damping))")
                w.line("static let velocity: CGFloat = \(SwiftLiteral.number(velocity))")
            }
            if case .cubicBezier(let x1, let y1, let x2, let y2) = a.curve {
                let n = SwiftLiteral.number
                w.line("static let controlPoint1 = CGPoint(x: \(n(x1)), y: \(n(y1)))")
                w.line("static let controlPoint2 = CGPoint(x: \(n(x2)), y: \(n(y2)))")
            }
            if let t = a.changes.transform, t != .identity {
                let lines = SwiftLiteral.transformLines(t)
                w.line("static let transform = " + lines[0])
                for l in lines.dropFirst() { w.line(l) }
            }
            if let alpha = a.changes.alpha { w.line("static let alpha: CGFloat = \(SwiftLiteral.number(alpha))") }
            w.colorConstants(a.changes)
        }
        line()
        let signature = parameter.map { "private func step\(number)(_ \($0): Int)" } ?? "private func step\(number)()"
        block(signature) { w in
            var target: String
            var body: [String] = []
            switch a.target {
            case .current:
                let info = w.collectionInfo(currentTags!)
                target = info.type == "UILabel" ? "label" : "view"
                w.line("let \(target) = \(info.name)[position]")
                body = w.changeLines(a.changes, on: target, isLabel: info.type == "UILabel", constants: enumName)
            case .all, .tags:
                let tags: [Int]
                if case .tags(let list) = a.target { tags = list } else { tags = w.spec.views.map(\.tag) }
                let info = w.collectionInfo(tags)
                target = info.type == "UILabel" ? "label" : "view"
                body = ["for \(target) in self.\(info.name) {"]
                body += w.changeLines(a.changes, on: target, isLabel: info.type == "UILabel", constants: enumName).map {
                    "    " + $0
                }
                body.append("}")
            }
            let delay = a.delay != 0 ? "\(enumName).delay" : "0"
            if case .cubicBezier = a.curve {
                // UIView.animate has no Bézier option; a property animator takes the control points.
                w.line("let animator = UIViewPropertyAnimator(")
                w.line(
                    "    duration: \(enumName).duration, controlPoint1: \(enumName).controlPoint1, controlPoint2: \(enumName).controlPoint2,"
                )
                w.line("    animations: {")
                for l in body { w.line("        " + l) }
                w.line("    })")
                w.line("animator.addCompletion { _ in")
                for l in completion { w.line("    " + l) }
                w.line("}")
                w.line(
                    a.delay != 0
                        ? "animator.startAnimation(afterDelay: \(enumName).delay)" : "animator.startAnimation()")
                return
            }
            if case .spring = a.curve {
                w.line("UIView.animate(")
                w.line(
                    "    withDuration: \(enumName).duration, delay: \(delay), usingSpringWithDamping: \(enumName).damping,"
                )
                w.line("    initialSpringVelocity: \(enumName).velocity, options: [],")
            } else {
                w.line("UIView.animate(")
                w.line("    withDuration: \(enumName).duration, delay: \(delay), options: \(Self.options(a.curve)),")
            }
            w.line("    animations: {")
            for l in body { w.line("        " + l) }
            w.line("    },")
            w.line("    completion: { _ in")
            for l in completion { w.line("        " + l) }
            w.line("    })")
        }
    }

    private static func options(_ curve: Curve) -> String {
        switch curve {
        case .linear: ".curveLinear"
        case .easeIn: ".curveEaseIn"
        case .easeOut: ".curveEaseOut"
        default: ".curveEaseInOut"
        }
    }

    /// The assignments of a block or the reset, in the engine's order: transform, alpha, backgroundColor, textColor.
    private func changeLines(_ changes: Changes, on target: String, isLabel: Bool, constants: String?) -> [String] {
        var lines: [String] = []
        if let t = changes.transform {
            let value = t == .identity ? ".identity" : constants.map { "\($0).transform" } ?? SwiftLiteral.transform(t)
            lines.append("\(target).transform = \(value)")
        }
        if let alpha = changes.alpha {
            lines.append("\(target).alpha = " + (constants.map { "\($0).alpha" } ?? SwiftLiteral.number(alpha)))
        }
        /// A named colour inline, another one by its constant in `constants`.
        func color(_ value: ColorValue, _ name: String) -> String {
            switch value {
            case .color(let c):
                let literal = SwiftLiteral.color(c)
                return literal.hasPrefix(".") ? literal : constants.map { "\($0).\(name)" } ?? literal
            case .nextPaletteColor: return "self.nextPaletteColor()"
            case .initial:
                return name == "textColor"
                    ? "self.initialTextColors[\(target).tag] ?? .black"
                    : "self.initialBackgroundColors[\(target).tag] ?? .clear"
            }
        }
        if let bg = changes.backgroundColor {
            lines.append("\(target).backgroundColor = \(color(bg, "backgroundColor"))")
        }
        if let tc = changes.textColor {
            lines.append((isLabel ? target : "(\(target) as? UILabel)?") + ".textColor = \(color(tc, "textColor"))")
        }
        return lines
    }

    /// Whether `colorConstants` writes any (a `UIColor` constant, which must stay on the main actor).
    private static func hasColorConstants(_ changes: Changes) -> Bool {
        [changes.backgroundColor, changes.textColor].contains {
            if case .color(let c) = $0 { return !SwiftLiteral.color(c).hasPrefix(".") }
            return false
        }
    }

    /// `static let backgroundColor = UIColor(…)` for the colours UIKit has no name for.
    private mutating func colorConstants(_ changes: Changes) {
        for (name, value) in [("backgroundColor", changes.backgroundColor), ("textColor", changes.textColor)] {
            guard case .color(let c) = value, !SwiftLiteral.color(c).hasPrefix(".") else { continue }
            line("static let \(name) = \(SwiftLiteral.color(c))")
        }
    }

    private mutating func writeStop(_ program: Program) {
        line()
        if program.reset.transform.map({ $0 != .identity }) ?? false || program.reset.alpha != nil
            || [program.reset.backgroundColor, program.reset.textColor].contains(where: {
                if case .color(let c) = $0 { return !SwiftLiteral.color(c).hasPrefix(".") }
                return false
            })
        {
            line("/// The values the loop resets every view to when it stops.")
            block((Self.hasColorConstants(program.reset) ? "@MainActor " : "") + "private enum Reset") { w in
                if let t = program.reset.transform, t != .identity {
                    let lines = SwiftLiteral.transformLines(t)
                    w.line("static let transform = " + lines[0])
                    for l in lines.dropFirst() { w.line(l) }
                }
                if let alpha = program.reset.alpha {
                    w.line("static let alpha: CGFloat = \(SwiftLiteral.number(alpha))")
                }
                w.colorConstants(program.reset)
            }
            line()
        }
        line("/// The loop saw that refreshing is over: every view snaps back, without animation.")
        block("private func stop()") { w in
            w.line("isAnimating = false")
            guard !program.reset.isEmpty else { return }
            let info = w.collectionInfo(w.spec.views.map(\.tag))
            let target = info.type == "UILabel" ? "label" : "view"
            w.block("for \(target) in \(info.name)") { w in
                let lines = w.changeLines(
                    program.reset, on: target, isLabel: info.type == "UILabel", constants: "Reset")
                for l in lines {
                    w.line(l.replacingOccurrences(of: "self.nextPaletteColor()", with: "nextPaletteColor()"))
                }
            }
        }
    }

    /// `Each label in turn: rotate 45°, textColor the next palette colour, 0.1 s linear`.
    private func describe(_ a: Animate, current: [Int]?) -> String {
        var parts: [String] = []
        if let t = a.changes.transform { parts.append(t == .identity ? "back to identity" : t.dumpDescription) }
        if let alpha = a.changes.alpha { parts.append("alpha \(formatNumber(alpha))") }
        func color(_ v: ColorValue) -> String {
            switch v {
            case .color(let c):
                SwiftLiteral.color(c).hasPrefix(".") ? String(SwiftLiteral.color(c).dropFirst()) : c.hexString
            case .nextPaletteColor: "the next palette colour"
            case .initial: "its own colour"
            }
        }
        if let bg = a.changes.backgroundColor { parts.append("backgroundColor \(color(bg))") }
        if let tc = a.changes.textColor {
            parts.append("textColor \(color(tc)) (instant: UILabel does not animate it)")
        }
        let tags: [Int]
        switch a.target {
        case .current: tags = current ?? []
        case .all: tags = spec.views.map(\.tag)
        case .tags(let list): tags = list
        }
        let noun = tags.allSatisfy { kind($0) == .label } ? "label" : "view"
        let who: String
        switch a.target {
        case .current: who = "Each \(noun) in turn"
        case .all: who = "Every \(noun)"
        case .tags(let tags):
            who =
                (tags.count == 1 ? noun.capitalized + " " : noun.capitalized + "s ")
                + tags.map(String.init).joined(separator: ", ")
        }
        var timing = "\(formatNumber(a.duration)) s \(a.curve)"
        if a.delay != 0 { timing += " after \(formatNumber(a.delay)) s" }
        return "\(who): \(parts.joined(separator: ", ")); \(timing)"
    }
}
