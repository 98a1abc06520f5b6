import Foundation
import RefreshFramesCore

/// Writes the generated file line by line from its `SourcePlan`; one instance per
/// `SwiftGenerator.generate` call. The file's parts are in extensions: the views' set-up,
/// constraints and refreshing (`SourceWriter+Views.swift`), the program (`SourceWriter+Program.swift`).
struct SourceWriter {
    let plan: SourcePlan
    var out: [String] = []
    var indent = 0

    var spec: Spec { plan.spec }

    let typeName: String

    init(spec: Spec, typeName: String) throws(SpecDiagnostic) {
        plan = try SourcePlan(spec: spec)
        self.typeName = typeName
    }

    // MARK: Names

    func viewName(_ tag: Int) -> String { plan.viewName(tag) }

    func collectionInfo(_ tags: [Int]) -> (name: String, tags: [Int], type: String) { plan.collectionInfo(tags) }

    // MARK: Output helpers

    mutating func line(_ text: String = "") {
        out.append(text.isEmpty ? "" : String(repeating: "    ", count: indent) + text)
    }

    mutating func block(_ opening: String, _ body: (inout SourceWriter) -> Void) {
        line(opening + " {")
        indent += 1
        body(&self)
        indent -= 1
        line("}")
    }

    /// `prefix[a, b, c]` on one line when it fits in 120 columns, else the elements packed on
    /// indented lines with a trailing comma, as swift-format lays them out.
    mutating func arrayLine(_ prefix: String, _ elements: [String]) {
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
    mutating func comment(_ text: String, prefix: String = "//") {
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

    func clockFormatterName(_ pattern: String) -> String {
        let index = plan.clockPatterns.firstIndex(of: pattern)!
        return plan.clockPatterns.count == 1 ? "clockFormatter" : "clockFormatter\(index + 1)"
    }

    /// A text as a Swift expression: a literal, or literals and `{now:…}` dates joined with `+`.
    func textExpression(_ text: String) -> String {
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

    func fontName(_ font: FontSpec) -> String {
        plan.fonts.count == 1 ? "font" : "font\(plan.fonts.firstIndex(of: font)! + 1)"
    }

    static func fontExpression(_ font: FontSpec) -> String {
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

    /// Writes the file; `specName` is named by its file name alone, so the text does not depend on
    /// the directory the command ran in.
    mutating func write(specName path: String, sha256: String) throws(SpecDiagnostic) -> String {
        let specName = path.split(separator: "/").last.map(String.init) ?? path
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
        writeAnimationStop()
        writeRefreshSpinner()
        return out.joined(separator: "\n") + "\n"
    }

    /// The property holding the constraint, when a layout step changes its constant.
    func constraintName(_ c: ConstraintSpec) -> String? {
        c.id.flatMap { id in plan.constraintNames.first { $0.id == id }?.name }
    }

    var hasProgram: Bool { plan.hasProgram }
    var spinners: [ViewSpec] { spec.views.filter { $0.kind == .spinner } }
    /// UIRefreshControl's own spinners (`revealsWithPull`), written as `RefreshSpinner`s.
    var pullSpinners: [ViewSpec] { spinners.filter(\.revealsWithPull) }
    /// Whether the view has `pullDidChange(to:)`: its alpha or a spinner follows the pull.
    var followsPull: Bool { spec.scenario.contentAlphaFollowsPull != nil || !pullSpinners.isEmpty }
    /// Image views whose frame sequence plays while refreshing (`"animating": "refreshing"`).
    var sequencesWhileRefreshing: [ViewSpec] { spec.views.filter { $0.imageView?.animating == .whileRefreshing } }
    var changedTexts: [ViewSpec] {
        spec.views.filter { v in v.texts[.refreshing].map { $0 != v.texts[.idle] } ?? false }
    }

    mutating func writeTypeComment(specName: String) {
        line("/// The pull-to-refresh content of \(SwiftLiteral.commentText(specName)), in UIKit (iOS 13+).")
        line("///")
        line("/// Put it in a `UIRefreshControl` as the tutorials do, and tell it when refreshing begins and ends")
        line("/// (the sample's `addAction` is iOS 14's; `addTarget(_:action:for:)` does the same on iOS 13):")
        line("///")
        line("///     final class InboxViewController: UIViewController {")
        line("///         private let tableView = UITableView()")
        line("///         private let refreshView = \(typeName)(frame: .zero)")
        line("///")
        line("///         override func viewDidLoad() {")
        line("///             super.viewDidLoad()")
        line("///             let refreshControl = UIRefreshControl()")
        line("///             refreshView.frame = refreshControl.bounds")
        line("///             refreshView.autoresizingMask = [.flexibleWidth, .flexibleHeight]")
        line("///             refreshControl.backgroundColor = .clear")
        line("///             refreshControl.tintColor = .clear")
        line("///             refreshControl.addSubview(refreshView)")
        line(
            "///             refreshControl.addAction(UIAction { [weak self] _ in self?.refresh() }, for: .valueChanged)"
        )
        line("///             tableView.refreshControl = refreshControl")
        line("///             view.addSubview(tableView)")
        line("///         }")
        line("///")
        line("///         private func refresh() {")
        line("///             refreshView.beginRefreshing()")
        line("///             load { [weak self] in  // when the work is done")
        line("///                 self?.tableView.refreshControl?.endRefreshing()")
        line("///                 self?.refreshView.endRefreshing()")
        line("///             }")
        line("///         }")
        line("///")
        line("///         private func load(_ done: @escaping () -> Void) { done() }  // the app's own work")
        line("///     }")
        if followsPull {
            line("///")
            line(
                "/// and from `scrollViewDidScroll(_:)`: `refreshView.pullDidChange(to: -scrollView.contentOffset.y)`.")
        }
        if hasIdleTextMethod {
            line("///")
            line("/// Call `showIdleTexts()` from `scrollViewWillBeginDragging(_:)` to show the pull texts again.")
        }
    }

    mutating func writeConstants() {
        line("/// The size the spec was designed at; the constraints follow the view's bounds.")
        line(
            "static let designSize = CGSize(width: \(SwiftLiteral.number(spec.canvas.width)), height: \(SwiftLiteral.number(spec.canvas.height)))"
        )
        line()
        // UIColor and UIFont need not be Sendable: the constants belong to the main actor, as the view does.
        block("@MainActor private enum Appearance") { w in
            w.line("static let background = \(SwiftLiteral.qualifiedColor(w.spec.canvas.background))")
            for font in w.plan.fonts { w.line("static let \(w.fontName(font)) = \(Self.fontExpression(font))") }
            if let divisor = w.spec.scenario.contentAlphaFollowsPull {
                w.line("/// The pull at which the view is fully opaque (the tutorial's `alpha = pull / 60`).")
                w.line("static let opaquePull: CGFloat = \(SwiftLiteral.number(divisor))")
            }
            if !w.spinners.isEmpty {
                w.line("/// UIRefreshControl fades its spinner out over 0.3 s when refreshing ends.")
                w.line("static let spinnerFadeDuration: TimeInterval = 0.3")
            }
            if !w.pullSpinners.isEmpty {
                let trigger: Double =
                    switch w.spec.scenario.refreshStart {
                    case .pullThreshold(let d): d
                    case .at: w.spec.scenario.controlHeight
                    }
                w.line("/// The pull at which refreshing begins: the spinner shows a spoke per eighth of it.")
                w.line("static let triggerPull: CGFloat = \(SwiftLiteral.number(trigger))")
            }
        }
        for pattern in plan.clockPatterns {
            line()
            block("private static let \(clockFormatterName(pattern)): DateFormatter =") { w in
                w.line("let formatter = DateFormatter()")
                w.line("formatter.dateFormat = \(SwiftLiteral.string(pattern))")
                w.line("return formatter")
            }
            out[out.count - 1] += "()"
        }
    }

    mutating func writeProperties() {
        line()
        for view in spec.views {
            let type = view.kind.uikitClass
            let initial =
                switch view.kind {
                case .spinner: view.revealsWithPull ? "RefreshSpinner()" : "UIActivityIndicatorView(style: .medium)"
                case .image: "UIImageView(image: \(Self.image(view.imageView?.image, view.imageView)))"
                case .button: "UIButton(type: .custom)"
                default: "\(type)()"
                }
            line("private let \(viewName(view.tag)) = \(initial)")
        }
        for c in plan.collections {
            arrayLine("private lazy var \(c.name): [\(c.type)] = ", c.tags.map(viewName))
        }
        for c in spec.constraints {
            guard let name = constraintName(c), let id = c.id else { continue }
            line("/// The constraint \(SwiftLiteral.string(id)), whose constant the program's layout steps change.")
            let declaration = "private lazy var \(name): NSLayoutConstraint ="
            let expression = constraintExpression(c)
            if declaration.count + expression.count + 1 + indent * 4 > 120 {
                line(declaration)
                line("    " + expression)
            } else {
                line(declaration + " " + expression)
            }
        }
        guard hasProgram else { return }
        if plan.usesPalette {
            line()
            arrayLine("private static let palette: [UIColor] = ", spec.palette.map(SwiftLiteral.color))
            line("/// Never reset: the colours carry over from one loop to the next, as in the tutorials.")
            line("private var paletteIndex = 0")
        }
        for wrap in plan.wrapConstants {
            comment(
                "The position where the loop wraps to the first view (the tutorial compares with `count - 1`, so the last view never animates).",
                prefix: "///")
            line("private static let \(wrap.name) = \(wrap.value)")
        }
        let initials = plan.initialValues
        if !initials.isEmpty {
            line("/// The colours the views were set up with: what \"back to its own colour\" returns to.")
            for a in initials {
                line(
                    "private var \(Self.initialValues(a)): [Int: \(SwiftLiteral.type(of: a.uikit.initialValue))] = [:]")
            }
        }
        line("private var isRefreshing = false")
        line("private var isAnimating = false")
    }

    mutating func writeInitializers() {
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

    /// The dictionary that keeps each view's value of a property from its set-up: `initialTextColors`.
    static func initialValues(_ a: SourcePlan.Assignment) -> String {
        "initial" + a.name.prefix(1).uppercased() + a.name.dropFirst() + "s"
    }

    var hasIdleTextMethod: Bool {
        !changedTexts.isEmpty && spec.views.contains(where: { $0.texts[.idle] != nil })
    }
}
