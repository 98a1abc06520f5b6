import RefreshFramesCore
import RefreshFramesSwiftCode

/// What of Foundation the controls' titles use: `NSDate()` on the run's clock (the spec's `now`
/// plus virtual time, as `{now:…}` texts), `NSDateFormatter`'s `dateFormat` and `stringFromDate`
/// (the patterns `formatClock` knows), `NSAttributedString(string:attributes:)` (its string).
extension UIKitBinding {
    func addFoundation(to library: inout NativeLibrary) {
        let date = types.date
        library.typeAliases["NSDate"] = "Date"
        date.initializers = [
            NativeFunction("init") { _ in
                .native(NativeValue(self.types.date, self.world.now + self.world.time / 1_000_000))
            }
        ]
        date.describe = { formatClock($0 as? Int64 ?? 0, pattern: "yyyy-MM-dd HH:mm:ss +0000") }
        library.add(date)

        let formatter = types.dateFormatter
        library.typeAliases["NSDateFormatter"] = "DateFormatter"
        formatter.initializers = [
            NativeFunction("init") { _ in .native(NativeValue(self.types.dateFormatter, FormatterBox())) }
        ]
        formatter.properties["dateFormat"] = NativeProperty(
            type: .named("String"),
            get: { value, _ in
                guard case .native(let n) = value, let box = n.payload as? FormatterBox else { return .nil }
                return .string(box.format)
            },
            set: { native, value, context in
                (native.payload as? FormatterBox)?.format = try context.string(value, "dateFormat")
            })
        let format: (inout NativeCall) throws -> Value = { call in
            guard let box = call.native?.payload as? FormatterBox,
                case .native(let d) = call.arguments[0], let seconds = d.payload as? Int64
            else { throw call.context.error("expected a date") }
            return .string(formatClock(seconds, pattern: box.format))
        }
        formatter.methods = [
            NativeFunction("stringFromDate", [NativeParameter(nil, .named("Date"))], body: format),
            NativeFunction("string", [NativeParameter("from", .named("Date"))], body: format),
        ]
        library.add(formatter)

        let attributed = types.attributedString
        attributed.initializers = [
            NativeFunction("init", [NativeParameter("string", .named("String"))]) { call in
                .native(NativeValue(self.types.attributedString, try call.context.string(call.arguments[0], "string")))
            },
            NativeFunction(
                "init", [NativeParameter("string", .named("String")), NativeParameter("attributes")],
                acceptsUnknown: true
            ) { call in
                let text = try call.context.string(call.arguments[0], "string")
                if call.arguments[1].unknown == nil, !call.arguments[1].isNil {
                    call.context.warn(
                        "the attributes of an attributed title are not drawn: the spec's font and colour are")
                }
                return .native(NativeValue(self.types.attributedString, text))
            },
        ]
        attributed.properties["string"] = NativeProperty(
            type: .named("String"),
            get: { value, _ in
                guard case .native(let n) = value, let s = n.payload as? String else { return .nil }
                return .string(s)
            })
        library.add(attributed)
    }
}

/// An `NSDateFormatter`'s pattern.
final class FormatterBox {
    var format = ""
}
