import Foundation

/// A value a track moves: interpolated as Core Animation does, printed in the timeline dump, and
/// held by UIKit code as one of the kinds of `UIKitValue`. Values that add (numbers, points,
/// sizes, transforms) say how, for additive animations (research §1.3: "the addition function is
/// type-dependent, e.g. for affine transforms the two matrices are concatenated").
package protocol TrackValue: Interpolatable {
    var dumpDescription: String { get }
    var uikitValue: UIKitValue { get }
    /// The value that adds nothing (0, the zero point, the identity); nil: values of this type do
    /// not add, and an animation of them always replaces the one in flight.
    static var additiveZero: Self? { get }
    /// This value with an additive animation's `offset` applied (`self + offset`; for a
    /// transform `offset · self`, the offset first).
    func adding(_ offset: Self) -> Self
    /// The offset an additive animation to this value starts from, so that it shows `old` at first
    /// (`old − self`; for a transform `old · self⁻¹`); nil when there is none (a singular transform).
    func offset(from old: Self) -> Self?
    /// The distance to `other`, for paced keyframes (1 between different values of a type with no metric).
    func distance(to other: Self) -> Double
    /// The value's components as numbers, for cubic keyframes; nil for a type that has none.
    var vector: [Double]? { get }
    init?(vector: [Double])
    /// The value a `UIKitValue` of the right kind holds (a Core Animation animation's `toValue`).
    init?(uikit: UIKitValue)
    /// A component a key path names (`transform.rotation.z`, `position.x`); nil when it has none.
    func component(_ c: ValueComponent) -> Double?
    /// The value with that component set (or, `adding`, increased) to `v`.
    func with(_ c: ValueComponent, _ v: Double, adding: Bool) -> Self?
}

/// A component of a value that a Core Animation key path animates alone.
package enum ValueComponent: String, Sendable, CaseIterable {
    /// `transform.rotation.z` (and `transform.rotation`): an angle in radians, turned into a
    /// rotation by a value function, so 0 → 2π is a full turn (research §8.6).
    case rotationZ = "transform.rotation.z"
    case rotationX = "transform.rotation.x"
    case rotationY = "transform.rotation.y"
    /// `transform.scale`: both axes.
    case scale = "transform.scale"
    case scaleX = "transform.scale.x"
    case scaleY = "transform.scale.y"
    case translationX = "transform.translation.x"
    case translationY = "transform.translation.y"
    case x = "position.x"
    case y = "position.y"
    case width = "bounds.size.width"
    case height = "bounds.size.height"

    /// The key path of the whole property it is a component of.
    var propertyKeyPath: String {
        switch self {
        case .x, .y: "position"
        case .width, .height: "bounds.size"
        default: "transform"
        }
    }
}

extension TrackValue {
    package static var additiveZero: Self? { nil }
    package func adding(_ offset: Self) -> Self { offset }
    package func offset(from old: Self) -> Self? { nil }
    package func distance(to other: Self) -> Double { self == other ? 0 : 1 }
    package var vector: [Double]? { nil }
    package init?(vector: [Double]) { return nil }
    package init?(uikit: UIKitValue) { return nil }
    package func component(_ c: ValueComponent) -> Double? { nil }
    package func with(_ c: ValueComponent, _ v: Double, adding: Bool) -> Self? { nil }
}

extension Double: TrackValue {
    package init?(uikit: UIKitValue) {
        guard case .number(let v) = uikit else { return nil }
        self = v
    }
    package var dumpDescription: String { formatNumber(self) }
    package var uikitValue: UIKitValue { .number(self) }
    package static var additiveZero: Double? { 0 }
    package func adding(_ offset: Double) -> Double { self + offset }
    package func offset(from old: Double) -> Double? { old - self }
    package func distance(to other: Double) -> Double { abs(other - self) }
    package var vector: [Double]? { [self] }
    package init?(vector: [Double]) { self = vector[0] }
}

extension RGBA: TrackValue {
    package init?(uikit: UIKitValue) {
        guard case .color(let v) = uikit else { return nil }
        self = v
    }
    package var dumpDescription: String { hexString }
    package var uikitValue: UIKitValue { .color(self) }
    package func distance(to other: RGBA) -> Double {
        let (a, b) = (vector!, other.vector!)
        return zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
    }
    package var vector: [Double]? { [red, green, blue, alpha] }
    package init?(vector: [Double]) {
        self.init(red: vector[0], green: vector[1], blue: vector[2], alpha: vector[3])
    }
}

extension Bool: TrackValue {
    package init?(uikit: UIKitValue) {
        guard case .bool(let v) = uikit else { return nil }
        self = v
    }
    package var dumpDescription: String { self ? "true" : "false" }
    package var uikitValue: UIKitValue { .bool(self) }
}

extension Point: TrackValue {
    package init?(uikit: UIKitValue) {
        guard case .point(let v) = uikit else { return nil }
        self = v
    }
    package var dumpDescription: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
    package var uikitValue: UIKitValue { .point(self) }
    package static var additiveZero: Point? { .zero }
    package func adding(_ o: Point) -> Point { Point(x: x + o.x, y: y + o.y) }
    package func offset(from old: Point) -> Point? { Point(x: old.x - x, y: old.y - y) }
    package func distance(to o: Point) -> Double { hypot(o.x - x, o.y - y) }
    package var vector: [Double]? { [x, y] }
    package init?(vector: [Double]) { self.init(x: vector[0], y: vector[1]) }
    package func component(_ c: ValueComponent) -> Double? {
        switch c {
        case .x: x
        case .y: y
        default: nil
        }
    }
    package func with(_ c: ValueComponent, _ v: Double, adding: Bool) -> Point? {
        switch c {
        case .x: Point(x: adding ? x + v : v, y: y)
        case .y: Point(x: x, y: adding ? y + v : v)
        default: nil
        }
    }
}

extension Size: TrackValue {
    package init?(uikit: UIKitValue) {
        guard case .size(let v) = uikit else { return nil }
        self = v
    }
    package var dumpDescription: String { "\(formatNumber(width))×\(formatNumber(height))" }
    package var uikitValue: UIKitValue { .size(self) }
    package static var additiveZero: Size? { .zero }
    package func adding(_ o: Size) -> Size { Size(width: width + o.width, height: height + o.height) }
    package func offset(from old: Size) -> Size? { Size(width: old.width - width, height: old.height - height) }
    package func distance(to o: Size) -> Double { hypot(o.width - width, o.height - height) }
    package var vector: [Double]? { [width, height] }
    package init?(vector: [Double]) { self.init(width: vector[0], height: vector[1]) }
    package func component(_ c: ValueComponent) -> Double? {
        switch c {
        case .width: width
        case .height: height
        default: nil
        }
    }
    package func with(_ c: ValueComponent, _ v: Double, adding: Bool) -> Size? {
        switch c {
        case .width: Size(width: adding ? width + v : v, height: height)
        case .height: Size(width: width, height: adding ? height + v : v)
        default: nil
        }
    }
}

extension Transform: TrackValue {
    package init?(uikit: UIKitValue) {
        guard case .transform(let v) = uikit else { return nil }
        self = v
    }
    package var uikitValue: UIKitValue { .transform(self) }
    package static var additiveZero: Transform? { .identity }

    /// `offset · self`: the offset's matrix first (research §1.5).
    package func adding(_ offset: Transform) -> Transform {
        if offset == .identity { return self }
        if let sum = planarProduct(offset, self) { return sum }
        return Transform(matrix: offset.matrix3D.concatenating(matrix3D))
    }

    /// `old · self⁻¹`, nil when this transform is singular (a scale of 0: Core Animation cannot
    /// invert it, so it does not animate the change; research §8.1).
    package func offset(from old: Transform) -> Transform? {
        guard let inverse = matrix3D.inverted() else { return nil }
        return Transform(matrix: old.matrix3D.concatenating(inverse))
    }

    package func component(_ c: ValueComponent) -> Double? {
        switch c {
        case .rotationZ: rotation * .pi / 180
        case .rotationX: rotationX * .pi / 180
        case .rotationY: rotationY * .pi / 180
        case .scale, .scaleX: scaleX
        case .scaleY: scaleY
        case .translationX: translationX
        case .translationY: translationY
        case .x, .y, .width, .height: nil
        }
    }

    /// Sets a component of the decomposed form; adding to the rotation about z concatenates the
    /// rotation first, as the value function's matrix is (research §8.6).
    package func with(_ c: ValueComponent, _ v: Double, adding: Bool) -> Transform? {
        if adding && c == .rotationZ && !(isPlanar && scaleX == scaleY) {
            return self.adding(Transform(rotation: v * 180 / .pi))
        }
        // The other fields stay, a perspective (m34) of a general matrix among them.
        var t = fields
        func set(_ field: WritableKeyPath<Transform, Double>, _ value: Double) {
            t[keyPath: field] = adding ? t[keyPath: field] + value : value
        }
        func setScale(_ field: WritableKeyPath<Transform, Double>, _ value: Double) {
            t[keyPath: field] = adding ? t[keyPath: field] * value : value
        }
        switch c {
        case .rotationZ: set(\.rotation, v * 180 / .pi)
        case .rotationX: set(\.rotationX, v * 180 / .pi)
        case .rotationY: set(\.rotationY, v * 180 / .pi)
        case .scale:
            setScale(\.scaleX, v)
            setScale(\.scaleY, v)
        case .scaleX: setScale(\.scaleX, v)
        case .scaleY: setScale(\.scaleY, v)
        case .translationX: set(\.translationX, v)
        case .translationY: set(\.translationY, v)
        case .x, .y, .width, .height: return nil
        }
        return t
    }

    /// `a · b` in fields when both are planar with uniform positive scales (rotations and scales
    /// then commute, and the product is exactly the fields' sum and product); nil otherwise.
    private func planarProduct(_ a: Transform, _ b: Transform) -> Transform? {
        guard a.isPlanar, b.isPlanar, a.translationX == 0, a.translationY == 0, a.scaleX == a.scaleY,
            b.scaleX == b.scaleY,
            a.scaleX > 0, b.scaleX > 0
        else { return nil }
        return Transform(
            rotation: a.rotation + b.rotation, scaleX: a.scaleX * b.scaleX, scaleY: a.scaleY * b.scaleY,
            translationX: b.translationX, translationY: b.translationY)
    }
}

/// A label's text: never interpolated, it changes when the keyframe ends (an instant change ends where it starts).
extension Optional: Interpolatable, TrackValue where Wrapped == String {
    package func interpolated(to other: String?, _ progress: Double) -> String? { progress >= 1 ? other : self }
    package var dumpDescription: String { map { "\"\($0)\"" } ?? "null" }
    package var uikitValue: UIKitValue { .text(self) }
    package init?(uikit: UIKitValue) {
        guard case .text(let v) = uikit else { return nil }
        self = v
    }
}
