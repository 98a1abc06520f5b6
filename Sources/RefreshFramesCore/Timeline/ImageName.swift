/// The image an image view shows, by the name the spec gives it (nil: none): `UIImageView.image`
/// as the timeline tracks it. Never blended: it changes when its keyframe ends, as `contents` does.
public struct ImageName: Sendable, Hashable, TrackValue, PropertySetting {
    package typealias Value = ImageName

    public var name: String?

    public init(_ name: String?) { self.name = name }

    public static let none = ImageName(nil)

    package func interpolated(to other: ImageName, _ progress: Double) -> ImageName { progress >= 1 ? other : self }
    package var dumpDescription: String { name.map { "\"\($0)\"" } ?? "nil" }
    package var uikitValue: UIKitValue { .image(name) }
}
