import RefreshFramesCore
import RefreshFramesSwiftCode

/// A `UIActivityIndicatorView`'s size by its style: `init(style:)` makes it that size (Apple,
/// [init(style:)](https://developer.apple.com/documentation/uikit/uiactivityindicatorview/init(style:)):
/// "UIActivityIndicatorView sizes the returned instance according to the specified style"), and it is
/// its intrinsic content size, which the code's constraints are solved with (content hugging 250,
/// compression resistance 750, a view made in code's). The sizes are not in Apple's reference; 20 × 20
/// for the small styles (`.medium`, `.white`, `.gray`) and 37 × 37 for the large ones (`.large`,
/// `.whiteLarge`): Mark Meretzky's course notes, [activity](https://markmeretzky.com/swift/activity)
/// ("a default size of 20 × 20 … for UIActivityIndicatorViewStyle.Gray, 37 × 37 for …LargeWhite"),
/// medium: measured on a device, not Apple's word. `init()` and `init(frame:)` keep their frame
/// (zero, or the one given) with the default style's (`.medium`) intrinsic size.
extension UIKitBinding {
    static func indicatorSize(style: String) -> Size {
        ["large", "whitelarge"].contains(style.lowercased())
            ? Size(width: 37, height: 37) : Size(width: 20, height: 20)
    }

    /// The style a `UIActivityIndicatorView.Style` value names (`.whiteLarge`, Swift 2's `.WhiteLarge`).
    static func indicatorStyle(_ value: Value) -> String? {
        guard case .string(let name) = value else { return nil }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// `style` (and its older names): kept for the code to read back, and its intrinsic size from then on.
    func indicatorStyleProperty(_ name: String) -> NativeProperty {
        NativeProperty(
            get: { value, context in try self.object(value, context).local[name] as? Value ?? .nil },
            set: { native, value, context in
                let object = try self.object(.native(native), context)
                object.local[name] = value
                if let style = Self.indicatorStyle(value) {
                    object.local["indicatorStyle"] = style
                    self.world.codeLayoutChanged()
                }
            }, drawsNothing: true)
    }
}

extension UIKitWorld {
    /// The intrinsic size of a code view whose class fixes one (an activity indicator's, by its
    /// style), or falls back on one: a label the code made without a text yet is 0 × 0 (UIKit's
    /// `UILabel` with no text; a text it is given is measured instead).
    func fixedIntrinsicSize(of object: ViewObject, kind: ViewKind) -> IntrinsicSize? {
        guard object.isCodeView else { return nil }
        if kind == .label { return IntrinsicSize(width: 0, height: 0) }
        guard kind == .spinner else { return nil }
        let size = UIKitBinding.indicatorSize(style: object.local["indicatorStyle"] as? String ?? "medium")
        return IntrinsicSize(width: size.width, height: size.height)
    }
}
