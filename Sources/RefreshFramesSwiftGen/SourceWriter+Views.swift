import RefreshFramesCore

/// The views' set-up, their constraints, `layoutSubviews` and the refreshing calls.
extension SourceWriter {

    mutating func writeSetUp() {
        line()
        block("private func setUp()") { w in
            w.line("backgroundColor = Appearance.background")
            w.configureViews()
            for a in w.plan.initialValues {
                for view in w.spec.views where a.uikit.isDeclared(on: view.kind) {
                    let name = w.viewName(view.tag)
                    w.line("\(Self.initialValues(a))[\(name).tag] = \(name).\(a.uikit.member)")
                }
            }
            if w.hasIdleTextMethod { w.line("showIdleTexts()") }
            if w.followsPull { w.line("pullDidChange(to: 0)") }
            w.line("NSLayoutConstraint.activate([")
            w.indent += 1
            for c in w.spec.constraints { w.line((w.constraintName(c) ?? w.constraintExpression(c)) + ",") }
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
    mutating func configureViews() {
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
    static let placeholder = "\u{1}"

    /// A view's set-up lines with `placeholder` for its name.
    func configuration(_ view: ViewSpec, name: String) -> [String] {
        var out: [String] = []
        func line(_ text: String) { out.append(text) }
        line("\(name).tag = \(view.tag)")
        func priorities() {
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
        }
        switch view.kind {
        case .image:
            for l in imageConfiguration(view.imageView ?? ImageViewSpec(), tint: view.tintColor) { line(name + l) }
            priorities()
        case .label:
            if !hasIdleTextMethod, let text = view.texts[.idle] { line("\(name).text = \(textExpression(text))") }
            line("\(name).font = Appearance.\(fontName(view.font))")
            line("\(name).textColor = \(SwiftLiteral.color(view.textColor))")
            line("\(name).textAlignment = .\(view.textAlignment.rawValue)")
            priorities()
            out += Self.lineSettings(view.lines, name: name)
        case .spinner:
            line("\(name).color = \(SwiftLiteral.color(view.tintColor))")
            if !view.revealsWithPull { line("\(name).hidesWhenStopped = false") }
        case .stack:
            out += Self.stackSettings(view.stack ?? StackSpec(), name: name)
        case .button:
            for l in buttonConfiguration(view.button ?? ButtonSpec(), font: view.font, tint: view.tintColor) {
                line(name + l)
            }
            priorities()
        default:
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
        if view.isHidden { line("\(name).isHidden = true") }
        line("\(name).translatesAutoresizingMaskIntoConstraints = false")
        out += addition(view, name: name)
        if view.imageView?.animating == .fromSetUp { line("\(name).startAnimating()") }
        return out
    }

    /// How a view joins the hierarchy: `addSubview` into its superview (the control's view when it has
    /// none), or `addArrangedSubview` into its stack view, with the custom spacing after it.
    func addition(_ view: ViewSpec, name: String) -> [String] {
        guard let tag = view.superview, let superview = spec.view(tag: tag) else { return ["addSubview(\(name))"] }
        let parent = viewName(tag)
        guard superview.kind == .stack else { return ["\(parent).addSubview(\(name))"] }
        var out = ["\(parent).addArrangedSubview(\(name))"]
        if let spacing = view.spacingAfter {
            out.append("\(parent).setCustomSpacing(\(SwiftLiteral.number(spacing)), after: \(name))")
        }
        return out
    }

    /// A label's line settings that differ from UILabel's defaults.
    static func lineSettings(_ lines: LabelLines, name: String) -> [String] {
        let defaults = LabelLines()
        var out: [String] = []
        if lines.numberOfLines != defaults.numberOfLines {
            out.append("\(name).numberOfLines = \(lines.numberOfLines)")
        }
        if lines.lineBreakMode != defaults.lineBreakMode {
            out.append("\(name).lineBreakMode = .\(lines.lineBreakMode.rawValue)")
        }
        if lines.preferredMaxLayoutWidth != 0 {
            out.append("\(name).preferredMaxLayoutWidth = \(SwiftLiteral.number(lines.preferredMaxLayoutWidth))")
        }
        if lines.adjustsFontSizeToFitWidth { out.append("\(name).adjustsFontSizeToFitWidth = true") }
        if lines.minimumScaleFactor != 0 {
            out.append("\(name).minimumScaleFactor = \(SwiftLiteral.number(lines.minimumScaleFactor))")
        }
        return out
    }

    /// A stack view's axis, spacing, distribution, alignment and margins that differ from UIStackView's defaults.
    static func stackSettings(_ stack: StackSpec, name: String) -> [String] {
        let defaults = StackSpec()
        var out: [String] = []
        if stack.axis != defaults.axis { out.append("\(name).axis = .\(stack.axis.rawValue)") }
        if stack.spacing != 0 { out.append("\(name).spacing = \(SwiftLiteral.number(stack.spacing))") }
        if stack.distribution != defaults.distribution {
            out.append("\(name).distribution = .\(stack.distribution.rawValue)")
        }
        if stack.alignment != defaults.alignment { out.append("\(name).alignment = .\(stack.alignment.rawValue)") }
        if stack.isLayoutMarginsRelativeArrangement {
            out.append("\(name).isLayoutMarginsRelativeArrangement = true")
        }
        if stack.layoutMargins != defaults.layoutMargins {
            let m = stack.layoutMargins.map(SwiftLiteral.number)
            out.append(
                "\(name).layoutMargins = UIEdgeInsets(top: \(m[0]), left: \(m[1]), bottom: \(m[2]), right: \(m[3]))")
        }
        return out
    }

    func item(_ item: LayoutItem) -> String {
        switch item {
        case .superview: "self"
        case .view(let tag): viewName(tag)
        }
    }

    func anchor(_ item: LayoutItem, _ attribute: LayoutAttribute) -> String {
        switch item {
        case .superview: SwiftLiteral.anchor(attribute)
        case .view(let tag): viewName(tag) + "." + SwiftLiteral.anchor(attribute)
        }
    }

    /// One constraint as a layout-anchor call, or `NSLayoutConstraint(item:…)` where anchors cannot say it.
    func constraintExpression(_ c: ConstraintSpec) -> String {
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
            let horizontal: Set<SourcePlan.Axis> = [.x, .xDirectional, .xCenter]
            let axes = (SourcePlan.axis(c.attribute), SourcePlan.axis(toAttribute))
            let sameKind = axes.0 == axes.1 || (horizontal.contains(axes.0) && horizontal.contains(axes.1))
            let second = anchor(toItem, toAttribute)
            if sameKind && SourcePlan.axis(c.attribute) == .dimension {
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

    mutating func writeLayoutSubviews() {
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

    mutating func writeRefreshing() {
        line()
        line("// MARK: Refreshing")
        if followsPull {
            let fades = spec.scenario.contentAlphaFollowsPull != nil
            let does = [
                fades ? "Fades the content in" : nil, pullSpinners.isEmpty ? nil : "reveals the spinner's spokes",
            ]
            .compactMap { $0 }.joined(separator: " and ")
            line()
            line(
                "/// \(does.prefix(1).uppercased() + does.dropFirst()) with the pull, in points (`-scrollView.contentOffset.y`)."
            )
            block("func pullDidChange(to distance: CGFloat)") { w in
                if fades { w.line("alpha = min(max(distance / Appearance.opaquePull, 0), 1)") }
                for view in w.pullSpinners {
                    w.line("\(w.viewName(view.tag)).reveal(distance / Appearance.triggerPull)")
                }
            }
        }
        line()
        var begins: [String] = []
        if !changedTexts.isEmpty { begins.append("shows the refreshing texts") }
        if !spinners.isEmpty { begins.append("starts the spinner") }
        if !sequencesWhileRefreshing.isEmpty { begins.append("plays the frame sequences") }
        if hasProgram { begins.append("starts the loop") }
        line(
            "/// Call when the refresh control begins refreshing"
                + (begins.isEmpty ? "." : ": " + begins.joined(separator: ", ") + "."))
        block("func beginRefreshing()") { w in
            if w.hasProgram { w.line("isRefreshing = true") }
            for view in w.changedTexts {
                w.line("\(w.viewName(view.tag)).text = \(w.textExpression(view.texts[.refreshing]!))")
            }
            for view in w.spinners + w.sequencesWhileRefreshing {
                w.line("\(w.viewName(view.tag)).startAnimating()")
            }
            if !w.hasProgram && w.changedTexts.isEmpty && w.spinners.isEmpty && w.sequencesWhileRefreshing.isEmpty {
                w.line("// The spec changes nothing when refreshing begins.")
            }
            if w.hasProgram {
                w.line("guard !isAnimating else { return }")
                w.line("isAnimating = true")
                w.line(w.plan.firstCall)
            }
        }
        line()
        if plan.onEndCall != nil {
            line("/// Call when refreshing ends: the loop runs on to its next check point, then resets; the")
            line("/// steps the spec runs when refreshing ends (its `onEnd`) start now, alongside it.")
        } else if hasProgram {
            line("/// Call when refreshing ends: the loop runs on to its next check point, then resets.")
        } else {
            line("/// Call when refreshing ends.")
        }
        block("func endRefreshing()") { w in
            if w.hasProgram { w.line("isRefreshing = false") }
            for view in w.sequencesWhileRefreshing { w.line("\(w.viewName(view.tag)).stopAnimating()") }
            if !w.hasProgram && w.spinners.isEmpty && w.sequencesWhileRefreshing.isEmpty {
                w.line("// The spec changes nothing when refreshing ends.")
            }
            if !w.spinners.isEmpty {
                w.block("UIView.animate(withDuration: Appearance.spinnerFadeDuration)") { w in
                    for view in w.spinners { w.line("self.\(w.viewName(view.tag)).alpha = 0") }
                }
            }
            if let call = w.plan.onEndCall { w.line(call) }
        }
    }
}

extension SourceWriter {
    /// `UIImage(named: "arrow")`, with `.withRenderingMode(…)` when the view asks for one; `nil` for none.
    static func image(_ name: String?, _ imageView: ImageViewSpec?) -> String {
        guard let name else { return "nil" }
        let image = SwiftLiteral.value(.image(name))
        switch imageView?.renderingMode ?? .automatic {
        case .automatic: return image
        case let mode: return image + "?.withRenderingMode(.\(mode.rawValue))"
        }
    }

    /// An image view's set-up after its name (`.contentMode = .center`): what UIKit does not start it at.
    func imageConfiguration(_ image: ImageViewSpec, tint: RGBA) -> [String] {
        var lines: [String] = []
        if let highlighted = image.highlightedImage {
            lines.append(".highlightedImage = \(Self.image(highlighted, image))")
        }
        if image.isHighlighted { lines.append(".isHighlighted = true") }
        if image.contentMode != .scaleToFill { lines.append(".contentMode = .\(image.contentMode.rawValue)") }
        if tint != .systemBlue { lines.append(".tintColor = \(SwiftLiteral.color(tint))") }
        if !image.animationImages.isEmpty {
            let names = image.animationImages.map { SwiftLiteral.string(SwiftLiteral.imageName($0)) }
            var frames = "[\(names.joined(separator: ", "))].compactMap { UIImage(named: $0) }"
            if image.renderingMode != .automatic {
                frames += ".map { $0.withRenderingMode(.\(image.renderingMode.rawValue)) }"
            }
            lines.append(".animationImages = \(frames)")
            if let duration = image.animationDuration {
                lines.append(".animationDuration = \(SwiftLiteral.number(duration))")
            }
            if image.animationRepeatCount != 0 { lines.append(".animationRepeatCount = \(image.animationRepeatCount)") }
        }
        return lines
    }
}
