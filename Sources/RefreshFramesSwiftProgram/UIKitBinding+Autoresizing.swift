import RefreshFramesCore
import RefreshFramesSwiftCode

/// `autoresizingMask` (`UIView.AutoresizingMask`, Swift 2's `UIViewAutoresizing`: `.flexibleWidth`,
/// `.FlexibleHeight`, the four margins) on the views the code places by their frames: when a view's
/// size changes, each subview's frame changes by its mask. Apple,
/// [autoresizingMask](https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.property):
/// "When a view's bounds change, that view automatically resizes its subviews according to each
/// subview's autoresizing mask … The default value of this property is UIViewAutoresizingNone …
/// When more than one option along the same axis is set, the default behavior is to distribute the
/// size difference proportionally among the flexible portions" (documented, high). Not applied
/// when the view's `autoresizesSubviews` is false, or the subview's
/// `translatesAutoresizingMaskIntoConstraints` is (its constraints place it).
extension UIKitBinding {
    static let autoresizingBits: [(swift: String, swift2: String, raw: UInt)] = [
        ("flexibleLeftMargin", "FlexibleLeftMargin", 1 << 0), ("flexibleWidth", "FlexibleWidth", 1 << 1),
        ("flexibleRightMargin", "FlexibleRightMargin", 1 << 2), ("flexibleTopMargin", "FlexibleTopMargin", 1 << 3),
        ("flexibleHeight", "FlexibleHeight", 1 << 4), ("flexibleBottomMargin", "FlexibleBottomMargin", 1 << 5),
    ]

    func addAutoresizing(to library: inout NativeLibrary) {
        let mask = NativeType("UIViewAutoresizing", isReference: false)
        addOptions(mask, Self.autoresizingBits + [("none", "None", 0)], to: &library)
        library.typeAliases["UIView.AutoresizingMask"] = "UIViewAutoresizing"
        types.view.staticProperties["AutoresizingMask"] = NativeStaticProperty { _ in .type(.native(mask)) }
        types.view.properties["autoresizingMask"] = NativeProperty(
            type: .named("UIViewAutoresizing"),
            get: { value, context in
                .native(NativeValue(mask, try self.object(value, context).local["autoresizingMask"] as? UInt ?? 0))
            },
            set: { native, value, context in
                try self.object(.native(native), context).local["autoresizingMask"] = try self.optionsValue(
                    value, context)
            })
        types.view.properties["autoresizesSubviews"] = NativeProperty(
            type: .named("Bool"),
            get: { value, context in
                .bool(try self.object(value, context).local["autoresizesSubviews"] as? Bool ?? true)
            },
            set: { native, value, context in
                try self.object(.native(native), context).local["autoresizesSubviews"] = try context.bool(
                    value, "autoresizesSubviews")
            })
    }

    /// `view`'s size changed from `old`: its subviews' frames follow their masks.
    func autoresizeSubviews(of view: ViewObject, from old: Size, _ context: NativeContext) throws(CodeDiagnostic) {
        let now = world.frame(of: view)
        guard now.width != old.width || now.height != old.height,
            view.local["autoresizesSubviews"] as? Bool ?? true
        else { return }
        for subview in view.subviews {
            guard let mask = subview.local["autoresizingMask"] as? UInt, mask != 0 else { continue }
            if case .bool(false)? = subview.local["translatesAutoresizingMaskIntoConstraints"] as? Value { continue }
            let f = world.frame(of: subview)
            let (x, width) = Self.resize(
                f.x, f.width, old.width - f.maxX, by: now.width - old.width,
                flexible: (mask & 1 != 0, mask & 2 != 0, mask & 4 != 0))
            let (y, height) = Self.resize(
                f.y, f.height, old.height - f.maxY, by: now.height - old.height,
                flexible: (mask & 8 != 0, mask & 16 != 0, mask & 32 != 0))
            try setFrame(subview, Rect(x: x, y: y, width: width, height: height), context)
        }
    }

    /// One axis: the margin before, the size and the margin after, `delta` shared among the
    /// flexible ones in proportion to their lengths (evenly when those are all 0).
    package static func resize(
        _ before: Double, _ size: Double, _ after: Double, by delta: Double, flexible: (Bool, Bool, Bool)
    ) -> (origin: Double, size: Double) {
        let parts = [(before, flexible.0), (size, flexible.1), (after, flexible.2)]
        let flexibleCount = parts.filter(\.1).count
        guard delta != 0, flexibleCount > 0 else { return (before, size) }
        let total = parts.filter(\.1).map { max($0.0, 0) }.reduce(0, +)
        func share(_ part: (Double, Bool)) -> Double {
            guard part.1 else { return 0 }
            return total > 0 ? delta * max(part.0, 0) / total : delta / Double(flexibleCount)
        }
        return (before + share(parts[0]), size + share(parts[1]))
    }

    /// `view.frame = rect`, as the code's assignment sets it.
    func setFrame(_ object: ViewObject, _ r: Rect, _ context: NativeContext) throws(CodeDiagnostic) {
        let canvas = world.spec.canvas
        if object.isNibRoot, r.width != canvas.width || r.height != canvas.height {
            context.warn(
                "the nib's root view is laid out as the canvas (\(formatNumber(canvas.width)) × \(formatNumber(canvas.height)) pt: "
                    + "the document's size unless the spec gives its own), so a frame of \(formatNumber(r.width)) × "
                    + "\(formatNumber(r.height)) does not lay its views out again: give the spec \"canvas\": "
                    + "{\"width\": \(formatNumber(r.width)), \"height\": \(formatNumber(r.height))}")
        }
        guard object.specTag != nil else {
            let old = world.frame(of: object)
            object.local["frame"] = r
            try autoresizeSubviews(of: object, from: Size(width: old.width, height: old.height), context)
            return
        }
        try world.set(.center, of: object, to: Point(x: r.midX, y: r.midY), context)
        try setBounds(object, Size(width: r.width, height: r.height), context)
    }
}
