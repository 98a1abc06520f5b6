import RefreshFramesCore
import RefreshFramesSwiftCode

/// `UIImageView`'s frame sequence: `animationImages` (`UIImage(named:)`: the name, as the spec
/// names images), `animationDuration` (0: the images' count × 1/30 s), `animationRepeatCount`
/// (0: for ever), `startAnimating()` (restarts at the first frame), `stopAnimating()`,
/// `isAnimating` (false again once a finite run has played). The view's sequence is the spec's
/// (`animationImages` of its `"image"`) until the code sets one; the runs play as UIKit's do
/// (`ImageSequence`, research §14).
extension UIKitBinding {
    func addImageViews(to library: inout NativeLibrary) {
        let image = NativeType("UIImage", superclass: "NSObject", isReference: true)
        image.describe = { "UIImage(named: \($0))" }
        let named: (inout NativeCall) throws -> Value = { call in
            self.uiImage(
                named: try call.context.string(call.arguments[0], "the image's name"), type: image, call.context)
        }
        image.initializers = [
            NativeFunction("init", [NativeParameter("named", .named("String"))], body: named),
            // `UIImage(named:in:compatibleWith:)`: there is one bundle here, the app's.
            NativeFunction(
                "init",
                [NativeParameter("named", .named("String")), NativeParameter("in"), NativeParameter("compatibleWith")],
                acceptsUnknown: true, body: named),
        ]
        addCodeImages(image: image, to: &library)
        library.add(image)

        let type = types.imageView
        func sequence(_ value: Value, _ context: NativeContext) throws(CodeDiagnostic) -> (ViewObject, ImageViewSpec) {
            let object = try self.object(value, context)
            return (object, world.imageView(of: object))
        }
        type.properties["animationImages"] = NativeProperty(
            type: .optional(.array(.named("UIImage")), implicitlyUnwrapped: false),
            get: { value, context in
                let names = try sequence(value, context).1.animationImages
                return .array(names.map { .native(NativeValue(image, $0)) })
            },
            set: { native, value, context in
                var (object, view) = try sequence(.native(native), context)
                guard case .array(let items) = value else {
                    view.animationImages = []
                    self.world.setImageView(view, of: object)
                    return
                }
                view.animationImages = try items.map { item throws(CodeDiagnostic) in
                    guard case .native(let n) = item, let name = n.payload as? String else {
                        throw context.error("animationImages: expected UIImage(named:) values")
                    }
                    return name
                }
                self.world.setImageView(view, of: object)
            })
        type.properties["animationDuration"] = NativeProperty(
            type: .named("Double"),
            get: { value, context in .double(try sequence(value, context).1.animationDuration ?? 0) },
            set: { native, value, context in
                var (object, view) = try sequence(.native(native), context)
                let seconds = try context.double(value, "animationDuration")
                view.animationDuration = seconds > 0 ? seconds : nil
                self.world.setImageView(view, of: object)
            })
        type.properties["animationRepeatCount"] = NativeProperty(
            type: .named("Int"),
            get: { value, context in .int(try sequence(value, context).1.animationRepeatCount) },
            set: { native, value, context in
                var (object, view) = try sequence(.native(native), context)
                view.animationRepeatCount = max(0, try context.int(value, "animationRepeatCount"))
                self.world.setImageView(view, of: object)
            })
        let calls: (Bool) -> (inout NativeCall) throws -> Value = { starts in
            { call in
                let object = try self.object(call.receiver, call.context)
                guard let tag = object.specTag else { return .void }
                self.world.imageCalls.append((tag, VirtualRunLoop.seconds(self.world.time), starts))
                return .void
            }
        }
        type.methods += [
            NativeFunction("startAnimating", body: calls(true)),
            NativeFunction("stopAnimating", body: calls(false)),
        ]
        type.properties["isAnimating"] = NativeProperty(
            type: .named("Bool"),
            get: { value, context in
                let (object, view) = try sequence(value, context)
                guard let tag = object.specTag else { return .bool(false) }
                let t = VirtualRunLoop.seconds(self.world.time)
                let runs = ImageAnimationRun.runs(self.world.imageCalls)[tag] ?? []
                guard let run = runs.last(where: { $0.start <= t }), run.stop.map({ t < $0 }) ?? true else {
                    return .bool(false)
                }
                return .bool(view.sequence.frame(after: t - run.start) != nil)
            })
    }
}
