/// Decoding of buttons (`"kind": "button"`): their states' content and the flags they start with.
extension SpecDecoder {
    /// A button's keys.
    func decodeButton(_ o: ObjectReader) throws(SpecDiagnostic) -> ButtonSpec {
        if let t = o.optional("text") {
            throw t.fail("a button's title is its states' 'title' (\"states\": {\"normal\": {\"title\": …}})")
        }
        var button = ButtonSpec()
        if let s = o.optional("states") {
            let so = try s.object()
            for state in ControlState.allCases {
                guard let r = so.optional(state.rawValue) else { continue }
                let co = try r.object()
                var content = ButtonSpec.Content()
                if let t = co.optional("title") {
                    let title = try t.string()
                    guard title.count <= Limits.textLength else {
                        throw t.fail("title is over the limit textLength = \(Limits.textLength)")
                    }
                    content.title = title
                }
                if let c = co.optional("titleColor") { content.titleColor = try c.color() }
                if let i = co.optional("image") { content.image = try decodeImageName(i) }
                if let i = co.optional("backgroundImage") { content.backgroundImage = try decodeImageName(i) }
                try co.finish()
                button.states[state] = content
            }
            try so.finish()
        }
        if let h = o.optional("highlighted") { button.isHighlighted = try h.bool() }
        if let s = o.optional("selected") { button.isSelected = try s.bool() }
        if let e = o.optional("enabled") { button.isEnabled = try e.bool() }
        if let m = o.optional("renderingMode") { button.renderingMode = try m.oneOf(ImageRenderingMode.self) }
        if let a = o.optional("adjustsImageWhenHighlighted") { button.adjustsImageWhenHighlighted = try a.bool() }
        if let a = o.optional("adjustsImageWhenDisabled") { button.adjustsImageWhenDisabled = try a.bool() }
        if let a = o.optional("contentHorizontalAlignment") {
            button.contentHorizontalAlignment = try a.oneOf(ButtonSpec.HorizontalAlignment.self)
        }
        if let i = o.optional("contentEdgeInsets") {
            let items = try i.array()
            guard items.count == 4 else {
                throw i.fail("expected [top, left, bottom, right], got \(items.count) numbers")
            }
            var insets: [Double] = []
            for item in items { insets.append(try item.number(in: -Limits.canvasPoints...Limits.canvasPoints)) }
            button.contentEdgeInsets = insets
        }
        return button
    }
}
