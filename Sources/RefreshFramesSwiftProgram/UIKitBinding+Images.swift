import RefreshFramesCore
import RefreshFramesSwiftCode

/// How `UIImage(named:)` finds an image by its name: the spec's own look-up (RefreshFrames'
/// `CodeImages`: a file beside the spec, the spec's catalogs, then the app's repository).
package typealias ImageLookup = (String) -> Result<ImageAsset, ImageLookupFailure>

/// How `UIColor(named:)` finds a colour: the colorsets of the spec's catalogs, then of the app's
/// repository's (RefreshFrames' `CodeColors`), resolved for the spec's appearance.
package typealias ColorLookup = (String) -> Result<RGBA, ImageLookupFailure>

/// Why no image of a name was found: one clause saying where it was looked for.
package struct ImageLookupFailure: Error, Sendable {
    package var message: String

    package init(message: String) {
        self.message = message
    }
}

extension UIKitWorld {
    /// What `UIImage(named: name)` finds: the spec's image of that name, else the look-up's (each
    /// name looked up once; what it finds is drawn as the spec's images are). Nil when there is no
    /// look-up (only the spec's images are known).
    func image(named name: String) -> Result<ImageAsset, ImageLookupFailure>? {
        if let asset = runtime.spec.images[name] { return .success(asset) }
        guard let imageLookup else { return nil }
        if let known = lookedUpImages[name] { return known }
        var result = imageLookup(name)
        if case .success(var asset) = result {
            // The code's name for it, whatever file answered.
            asset.name = name
            runtime.addImage(asset)
            result = .success(asset)
        }
        lookedUpImages[name] = result
        return result
    }

    /// An image's size in points on the canvas's screen (nil: no such image was found).
    func pointSize(ofImage name: String) -> IntrinsicSize? {
        runtime.spec.images[name]?.size(for: spec.canvas.scale)
    }
}

/// `UIImage(named:)` looked up as the spec's image views' images are, `UIImage.size`, an image
/// view's `image` (drawn, and its intrinsic size for the code's constraints: the image's point
/// size, as UIKit's `intrinsicContentSize` is) and `contentMode`.
extension UIKitBinding {
    /// The value `UIImage(named: name)` gives: the image, or nil (with a warning at the call) when
    /// none of that name is found, as UIKit's initializer returns nil.
    func uiImage(named name: String, type: NativeType, _ context: NativeContext) -> Value {
        switch world.image(named: name) {
        case .failure(let failure):
            context.warn(
                "UIImage(named: \"\(name)\") finds no image (\(failure.message)): it is nil, as UIKit's is, and nothing is drawn for it"
            )
            return .nil
        case .success, nil:
            return .native(NativeValue(type, name))
        }
    }

    /// The name an image value holds; nil for `nil` or a value that is not a `UIImage(named:)`.
    func imageName(_ value: Value) -> String? {
        guard case .native(let native) = value, native.type.name == "UIImage" else { return nil }
        return native.payload as? String
    }

    func addCodeImages(image: NativeType, to library: inout NativeLibrary) {
        image.properties["size"] = NativeProperty(
            type: .named("CGSize"),
            get: { value, context in
                let size = self.imageName(value).flatMap { self.world.pointSize(ofImage: $0) }
                return self.size(Size(width: size?.width ?? 0, height: size?.height ?? 0))
            })
        types.imageView.properties["image"] = NativeProperty(
            type: .optional(.named("UIImage"), implicitlyUnwrapped: false),
            get: { value, context in
                let object = try self.object(value, context)
                let shown = self.world.model(.image, of: object, default: ImageName(nil)).name
                return shown.map { .native(NativeValue(image, $0)) } ?? .nil
            },
            set: { native, value, context in
                let object = try self.object(.native(native), context)
                let name = self.imageName(value)
                if object.isCodeView {
                    // Its intrinsic size follows its image: the code's constraints are solved again.
                    var view = self.world.imageView(of: object)
                    view.image = name
                    self.world.setImageView(view, of: object)
                    self.world.codeLayoutChanged()
                }
                try self.world.set(.image, of: object, to: ImageName(name), context)
            })

        let mode = NativeType("UIViewContentMode", isReference: false)
        for contentMode in ContentMode.allCases {
            let name = contentMode.rawValue
            for spelling in [name, name.prefix(1).uppercased() + name.dropFirst()] {
                mode.staticProperties[spelling] = NativeStaticProperty(type: .named("UIViewContentMode")) { _ in
                    .string(name)
                }
            }
        }
        library.add(mode)
        library.typeAliases["UIView.ContentMode"] = "UIViewContentMode"
        // Kept; a code image view draws its image so (`finishCodeViews`), a spec view as the spec says.
        types.view.properties["contentMode"] = NativeProperty(
            type: .named("UIViewContentMode"),
            get: { value, context in try self.object(value, context).local["contentMode"] as? Value ?? .nil },
            set: { native, value, context in try self.object(.native(native), context).local["contentMode"] = value },
            drawsNothing: true)
    }
}
