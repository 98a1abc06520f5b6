import RefreshFramesCore

extension SourceWriter {
    /// A button's set-up after its name (`.setImage(UIImage(named: "arrow"), for: .normal)`): each
    /// state's content, then what UIKit does not start a custom button at.
    func buttonConfiguration(_ button: ButtonSpec, font: FontSpec, tint: RGBA) -> [String] {
        var lines: [String] = []
        var hasTitle = false
        for state in ControlState.allCases {
            guard let content = button.states[state] else { continue }
            if let title = content.title {
                lines.append(".setTitle(\(SwiftLiteral.string(title)), for: .\(state.rawValue))")
                hasTitle = true
            }
            if let color = content.titleColor {
                lines.append(".setTitleColor(\(SwiftLiteral.color(color)), for: .\(state.rawValue))")
            }
            if let image = content.image {
                var value = SwiftLiteral.value(.image(image))
                if button.renderingMode != .automatic {
                    value += "?.withRenderingMode(.\(button.renderingMode.rawValue))"
                }
                lines.append(".setImage(\(value), for: .\(state.rawValue))")
            }
            if let image = content.backgroundImage {
                lines.append(".setBackgroundImage(\(SwiftLiteral.value(.image(image))), for: .\(state.rawValue))")
            }
        }
        if hasTitle { lines.append(".titleLabel?.font = Appearance.\(fontName(font))") }
        if button.isHighlighted { lines.append(".isHighlighted = true") }
        if button.isSelected { lines.append(".isSelected = true") }
        if !button.isEnabled { lines.append(".isEnabled = false") }
        if !button.adjustsImageWhenHighlighted { lines.append(".adjustsImageWhenHighlighted = false") }
        if !button.adjustsImageWhenDisabled { lines.append(".adjustsImageWhenDisabled = false") }
        if button.contentHorizontalAlignment != .center {
            lines.append(".contentHorizontalAlignment = .\(button.contentHorizontalAlignment.rawValue)")
        }
        if button.contentEdgeInsets != [0, 0, 0, 0] {
            let i = button.contentEdgeInsets.map(SwiftLiteral.number)
            lines.append(
                ".contentEdgeInsets = UIEdgeInsets(top: \(i[0]), left: \(i[1]), bottom: \(i[2]), right: \(i[3]))")
        }
        if tint != .systemBlue { lines.append(".tintColor = \(SwiftLiteral.color(tint))") }
        return lines
    }
}
