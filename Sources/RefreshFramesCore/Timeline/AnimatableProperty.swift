/// One property of a view that the timeline tracks, with everything each stage needs to know about
/// it: its name, its track and `ViewState` field, on which view kinds a change animates, how a
/// spec's `set` gives it (decoder and schema), how `state` prints it and how UIKit spells it.
/// Every list of properties — the program runner, the decoder, the schema, `state`, the Swift
/// generator and the UIKit test shim — iterates `AnimatableProperties.all`, so a new property is
/// one entry there, a field of `ViewState`, and its drawing (in the spirit of lottie-ios's
/// `LayerProperty`; docs/architecture.md counts the edits).
package struct AnimatableProperty<Setting: PropertySetting>: Sendable {
    package typealias Value = Setting.Value

    /// Its key in an animation block's `set`, its track's name in the timeline and, unless
    /// `stateFields` says otherwise, its key in `state`.
    package let name: String
    /// The field of `ViewState` the renderers read.
    package let state: WritableKeyPath<ViewState, Value> & Sendable
    /// Its value before the program changes it, from the view's spec and the context.
    let initial: @Sendable (ViewSpec, InitialContext) -> Value
    /// Whether a change inside an animation block with a duration animates on a view of this kind
    /// (it jumps at the block's start otherwise, as a UILabel's textColor does).
    package let animates: @Sendable (ViewKind) -> Bool
    /// How an animation block's `set` (and the program's `reset`) gives it; nil when the program
    /// cannot set it (a label's text changes with the scenario's phase).
    let spec: SpecKey?
    /// Its members in `state` JSON: key and JSON text (`transform` is `rotation`, `scale`, `translation`).
    package let stateFields: @Sendable (Value) -> [(key: String, json: String)]
    /// How UIKit spells it, for the Swift generator and the UIKit shim.
    package let uikit: UIKitMember<Value>
    /// How a `UIView.animate` block's animation of it meets one in flight (research §1.4).
    package var combining: BlockCombining = .replacing
    /// Its Core Animation key path (`opacity`, `position`, `bounds.size`, `transform`); nil for what
    /// is not a layer property (a label's text and textColor).
    package var layerKeyPath: String? = nil
    /// Whether its value comes from the solved layout until the program sets it (`center`,
    /// `bounds`, a `cornerRadius` of `quarterOfWidthPlusHeight`): while the program has not touched
    /// it, its track writes nothing and the state keeps the layout's value.
    package internal(set) var followsLayout = false
    /// Whether `state` prints it in every view. The properties added since `state` first printed
    /// views are printed only where their value is not the view's initial one, so that the output
    /// of a spec that does not use them stays what it was.
    var printsAlways = false

    /// How a spec sets the property: the value's decoder and its JSON Schema.
    struct SpecKey: Sendable {
        /// Reads the value; `inBlock` is false for the program's `reset` (no `palette.next` there).
        var decode: @Sendable (ValueReader, _ inBlock: Bool) throws(SpecDiagnostic) -> Setting
        var schema: SchemaNode
    }

    /// Whether an animation block can set it.
    package var isSettable: Bool { spec != nil }
}

/// How a `UIView.animate` block's animation of a property meets one already in flight on it.
package enum BlockCombining: Sendable, Equatable {
    /// iOS 8+: the new animation runs from `old − new` to zero on top of the model value, and the
    /// ones in flight keep running (position, bounds, transform, cornerRadius).
    case additive
    /// The new animation replaces the one in flight, whose block then finishes with
    /// `finished = false` (opacity, backgroundColor; research §1.6).
    case replacing
}

/// What a property's initial value may depend on besides the view's spec: the clock, for
/// `{now:…}` texts, and the view's frame in the solved layout (for `center`, `bounds` and a
/// `cornerRadius` that follows the size).
struct InitialContext: Sendable {
    var now: Int64
    var frame = Rect(x: 0, y: 0, width: 0, height: 0)
}

/// A property as the UIKit code the generator writes names it, and what UIKit starts it at.
package struct UIKitMember<Value: TrackValue>: Sendable {
    /// The member assigned (`transform`, `alpha`, `textColor`; `layer.cornerRadius` for a layer's).
    package var member: String
    /// The kind of view whose class declares it when not every `UIView` does (a label's textColor):
    /// other views are assigned through a cast, `(view as? UILabel)?.textColor`.
    package var declaredBy: ViewKind?
    /// Its value on a view UIKit has just made (`nil` colours read as clear, a label's as black).
    package var initialValue: Value
    /// What the generated code's comment says about a change of it (`instant: UILabel does not animate it`).
    package var note: String?

    /// Whether a view of `kind` has the member.
    package func isDeclared(on kind: ViewKind) -> Bool { spelling.isDeclared(on: kind) }

    /// The same with its initial value as UIKit code holds it, whatever the property's value type.
    package var spelling: UIKitSpelling {
        UIKitSpelling(member: member, declaredBy: declaredBy, initialValue: initialValue.uikitValue, note: note)
    }
}

/// A `UIKitMember` whatever its value type: what the Swift generator writes from.
package struct UIKitSpelling: Sendable, Equatable {
    package var member: String
    package var declaredBy: ViewKind?
    package var initialValue: UIKitValue
    package var note: String?

    /// Whether a view of `kind` has the member.
    package func isDeclared(on kind: ViewKind) -> Bool { declaredBy.map { $0 == kind } ?? true }
}

/// An `AnimatableProperty` whatever its value type: what a list of every property holds. Code that
/// needs the value type opens it (`func f<P: AnyAnimatableProperty>(_ p: P)` called with an element).
package protocol AnyAnimatableProperty: Sendable {
    associatedtype Setting: PropertySetting
    var property: AnimatableProperty<Setting> { get }
}

extension AnimatableProperty: AnyAnimatableProperty {
    package var property: AnimatableProperty<Setting> { self }
}

extension AnyAnimatableProperty {
    package var name: String { property.name }
}

/// What an animation block's `set` gives a property: a value, or one the block works out when it
/// runs (the next palette colour, the view's own colour).
package protocol PropertySetting: Sendable, Equatable {
    associatedtype Value: TrackValue
    /// The value it gives a view whose value as the spec sets it up is `initial`.
    func resolved(initial: Value, palette: inout PaletteCursor) -> Value
    /// Whether it takes the next palette colour (then the spec needs a palette).
    var takesPaletteColor: Bool { get }
    /// What UIKit code assigns for it.
    var uikitSetting: UIKitSetting { get }
}

/// A value as UIKit code holds it. The Swift generator switches over every case, so a new kind of
/// value does not compile there until it is spelled.
package enum UIKitValue: Sendable, Equatable {
    case text(String?)
    /// A `CGFloat`.
    case number(Double)
    /// A `UIColor`.
    case color(RGBA)
    /// A `CGAffineTransform`, or a `CATransform3D` when the transform is not planar.
    case transform(Transform)
    /// A `Bool` (`isHidden`).
    case bool(Bool)
    /// A `CGPoint` (`center`, `layer.anchorPoint`).
    case point(Point)
    /// A `CGSize` (`bounds.size`, `layer.shadowOffset`).
    case size(Size)
    /// A `UIImage(named:)` of the name (nil: none).
    case image(String?)
    /// A `CGPath` (`layer.shadowPath`): a `UIBezierPath`'s rect, rounded rect or oval, or nil.
    case path(ShadowPath)
    /// A `CAShapeLayer.path`'s `CGPath` (`.none`: nil).
    case shapePath(ShapePath)
    /// A `CAShapeLayerLineCap`.
    case lineCap(LineCap)
}

/// What UIKit code assigns for a setting: a value, or what the control works out when the block runs.
package enum UIKitSetting: Sendable, Equatable {
    case value(UIKitValue)
    /// The control's `nextPaletteColor()`.
    case nextPaletteColor
    /// The view's own value, as its set-up left it.
    case initial
}

extension PropertySetting where Value == Self, Self: TrackValue {
    package func resolved(initial: Value, palette: inout PaletteCursor) -> Value { self }
    package var takesPaletteColor: Bool { false }
    package var uikitSetting: UIKitSetting { .value(uikitValue) }
}

extension Double: PropertySetting { package typealias Value = Double }
extension Bool: PropertySetting { package typealias Value = Bool }
extension Point: PropertySetting { package typealias Value = Point }
extension Size: PropertySetting { package typealias Value = Size }
extension Transform: PropertySetting { package typealias Value = Transform }
extension Optional: PropertySetting where Wrapped == String { package typealias Value = String? }

extension ColorValue: PropertySetting {
    package typealias Value = RGBA

    package func resolved(initial: RGBA, palette: inout PaletteCursor) -> RGBA {
        switch self {
        case .color(let c): c
        case .initial: initial
        case .nextPaletteColor: palette.next()
        }
    }

    package var takesPaletteColor: Bool { self == .nextPaletteColor }

    package var uikitSetting: UIKitSetting {
        switch self {
        case .color(let c): .value(c.uikitValue)
        case .initial: .initial
        case .nextPaletteColor: .nextPaletteColor
        }
    }
}

/// The tutorials' `getNextColor()`: the palette entry at the running index, which then advances and
/// wraps when it reaches the end; never reset, so it carries over between loops.
package struct PaletteCursor: Sendable {
    package let colors: [RGBA]
    package private(set) var index = 0

    package init(_ colors: [RGBA]) { self.colors = colors }

    package mutating func next() -> RGBA {
        if index == colors.count { index = 0 }
        defer { index += 1 }
        return colors[index]
    }
}
