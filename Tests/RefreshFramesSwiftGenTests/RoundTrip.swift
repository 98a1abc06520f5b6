import Foundation
import RefreshFramesCore
import RefreshFramesRaster
import RefreshFramesSwiftGen
import UIKit

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// What the tests call on every generated view.
@MainActor
protocol GeneratedRefreshView: UIView {
    static var designSize: CGSize { get }
    init(frame: CGRect)
    func beginRefreshing()
    func endRefreshing()
}

@MainActor
protocol FollowsPull {
    func pullDidChange(to distance: CGFloat)
}

extension RotateScaleRefreshView: GeneratedRefreshView {}
extension ColorDotsRefreshView: GeneratedRefreshView {}
extension MarqueeRefreshView: GeneratedRefreshView, FollowsPull {}
extension ClassicSpinnerRefreshView: GeneratedRefreshView {}
extension CurvesRefreshView: GeneratedRefreshView {}
extension AttributesRotateScaleRefreshView: GeneratedRefreshView {}
extension EqualWidthsColorDotsRefreshView: GeneratedRefreshView {}
extension IntrinsicSizesMarqueeRefreshView: GeneratedRefreshView {}
extension TaggedLabelsMarqueeRefreshView: GeneratedRefreshView {}
extension ImageViewsRefreshView: GeneratedRefreshView {}
extension NestedViewsRotateScaleRefreshView: GeneratedRefreshView {}
extension StackFillEquallyColorDotsRefreshView: GeneratedRefreshView {}
extension StackHiddenMarqueeRefreshView: GeneratedRefreshView {}
extension StackNestedRotateScaleRefreshView: GeneratedRefreshView {}
extension MultiLineLabelsRefreshView: GeneratedRefreshView {}
extension MultiLineLabelsMarqueeRefreshView: GeneratedRefreshView {}

/// A spec and the class generated from it, committed under Generated/.
struct GeneratedCase: CustomStringConvertible, Sendable {
    var spec: String
    var type: any GeneratedRefreshView.Type
    var description: String { spec }

    var typeName: String { SwiftGenerator.typeName(forSpecPath: spec) }
    var file: String { "Tests/RefreshFramesSwiftGenTests/Generated/\(typeName).swift" }
}

let generatedCases: [GeneratedCase] = [
    GeneratedCase(spec: "samples/rotate-scale.json", type: RotateScaleRefreshView.self),
    GeneratedCase(spec: "samples/color-dots.json", type: ColorDotsRefreshView.self),
    GeneratedCase(spec: "samples/marquee.json", type: MarqueeRefreshView.self),
    GeneratedCase(spec: "samples/classic-spinner.json", type: ClassicSpinnerRefreshView.self),
    // The generator's paths the samples do not take: every curve, delay, alpha, tag lists, palettes.
    GeneratedCase(spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/curves.json", type: CurvesRefreshView.self),
    // Image views: content and rendering modes, a tint, frame sequences, an image the program swaps.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/image-views.json", type: ImageViewsRefreshView.self),
    // Specs that `refresh-frames import` writes from the import tests' xibs (see `ImportedFixture`).
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/attributes-rotate-scale.json",
        type: AttributesRotateScaleRefreshView.self),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/equal-widths-color-dots.json",
        type: EqualWidthsColorDotsRefreshView.self),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/intrinsic-sizes-marquee.json",
        type: IntrinsicSizesMarqueeRefreshView.self),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/tagged-labels-marquee.json",
        type: TaggedLabelsMarqueeRefreshView.self),
    // Nested views, stack views (every arrangement key), hidden views, multi-line labels.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/nested-views-rotate-scale.json",
        type: NestedViewsRotateScaleRefreshView.self),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/stack-fill-equally-color-dots.json",
        type: StackFillEquallyColorDotsRefreshView.self),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/stack-hidden-marquee.json",
        type: StackHiddenMarqueeRefreshView.self),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/stack-nested-rotate-scale.json",
        type: StackNestedRotateScaleRefreshView.self),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/multi-line-labels.json", type: MultiLineLabelsRefreshView.self),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/multi-line-labels-marquee.json",
        type: MultiLineLabelsMarqueeRefreshView.self),
]

/// A spec under Fixtures/ written by `refresh-frames import XIB --animation NAME`.
struct ImportedFixture: CustomStringConvertible, Sendable {
    var xib: String
    var animation: String
    var description: String { "\(xib) --animation \(animation)" }
    var xibPath: String { "Tests/RefreshFramesImportTests/Fixtures/\(xib).xib" }
    var specPath: String { "Tests/RefreshFramesSwiftGenTests/Fixtures/\(xib)-\(animation).json" }
}

let importedFixtures = [
    ImportedFixture(xib: "attributes", animation: "rotate-scale"),
    ImportedFixture(xib: "equal-widths", animation: "color-dots"),
    ImportedFixture(xib: "intrinsic-sizes", animation: "marquee"),
    ImportedFixture(xib: "tagged-labels", animation: "marquee"),
    ImportedFixture(xib: "nested-views", animation: "rotate-scale"),
    ImportedFixture(xib: "stack-fill-equally", animation: "color-dots"),
    ImportedFixture(xib: "stack-hidden", animation: "marquee"),
    ImportedFixture(xib: "stack-nested", animation: "rotate-scale"),
    ImportedFixture(xib: "multi-line-labels", animation: "marquee"),
]

let measurer = TextMeasurer { text, font in try FontBook.shared.measure(text, font: font) }

func loadSpec(_ path: String) throws -> (bytes: [UInt8], spec: Spec) {
    let bytes = Array(try Data(contentsOf: repositoryRoot.appendingPathComponent(path)))
    return (bytes, try Spec.decode(bytes))
}

/// Runs the generated class of `c` against the UIKit-shaped shim on the virtual clock and compares
/// what it did with the engine's timeline; returns each difference as a sentence naming the view,
/// the property and the instant (empty when they agree).
@MainActor
enum RoundTrip {
    static func differences(_ c: GeneratedCase) throws -> [String] {
        try differences(spec: try loadSpec(c.spec).spec, type: c.type)
    }

    /// As `differences(_:)`, for any spec against any generated class.
    static func differences(spec: Spec, type: any GeneratedRefreshView.Type) throws -> [String] {
        let timeline = try Timeline.make(spec: spec, now: 0, measurer: measurer)
        Shim.reset()
        Shim.measurer = measurer
        Shim.displayScale = spec.canvas.scale
        Shim.systemFontFamily = systemFontFamily(spec)
        let view = type.init(frame: CGRect(origin: .zero, size: type.designSize))
        var mismatches: [String] = []
        if type.designSize != CGSize(width: spec.canvas.width, height: spec.canvas.height) {
            mismatches.append("designSize \(type.designSize), spec canvas \(spec.canvas.width)×\(spec.canvas.height)")
        }
        if Shim.rgba(view.backgroundColor) != spec.canvas.background {
            mismatches.append(
                "background \(String(describing: view.backgroundColor)), spec \(spec.canvas.background.hexString)")
        }
        view.layoutIfNeeded()
        mismatches += checkViews(view, spec: spec, layout: timeline.layout, phase: "idle")

        var initial: [ObjectIdentifier: [String: any TrackValue]] = [:]
        for subview in Shim.descendants(of: view) { initial[ObjectIdentifier(subview)] = Shim.state(of: subview) }
        Shim.clearChanges()

        Shim.run(until: timeline.refreshBeganAt)
        view.beginRefreshing()
        view.layoutIfNeeded()
        mismatches += checkViews(view, spec: spec, layout: timeline.refreshingLayout, phase: "refreshing")
        Shim.run(until: timeline.refreshEndedAt)
        view.endRefreshing()
        Shim.run(until: timeline.duration, including: true)

        let recorded = Shim.changes
        var instants = Set(timeline.checkpoints)
        for (a, b) in zip(timeline.checkpoints, timeline.checkpoints.dropFirst()) {
            instants.insert(a + (b - a) / 4)
            instants.insert(a + (b - a) / 2)
            instants.insert(a + (b - a) * 3 / 4)
        }
        for t in instants.sorted() {
            let state = timeline.sample(at: t)
            for subview in Shim.descendants(of: view) {
                guard let engine = state.views.first(where: { $0.tag == subview.tag }) else {
                    mismatches.append("tag \(subview.tag): the engine has no such view")
                    continue
                }
                // Every property of the engine's table that the view's class has.
                func compare<P: AnyAnimatableProperty>(_ p: P) {
                    let property = p.property
                    guard property.uikit.isDeclared(on: Shim.kind(of: subview)) else { return }
                    // Frames come from the layout (checked by `checkViews`) unless the code changes them.
                    if property.followsLayout
                        && !recorded.contains(where: { $0.view == ObjectIdentifier(subview) && $0.property == p.name })
                    {
                        return
                    }
                    let want = engine[keyPath: property.state]
                    let got =
                        recordedValue(recorded, view: ObjectIdentifier(subview), property: property, at: t)
                        ?? initial[ObjectIdentifier(subview)]![p.name] as! P.Setting.Value
                    if !same(got, want) {
                        mismatches.append(
                            "tag \(subview.tag) \(p.name) at \(formatNumber(t)) s: generated code \(got.dumpDescription), engine \(want.dumpDescription)"
                        )
                    }
                }
                for p in AnimatableProperties.all { compare(p) }
            }
            if let follower = view as? FollowsPull {
                follower.pullDidChange(to: state.pull)
                if abs(view.alpha - state.contentAlpha) > 1e-9 {
                    mismatches.append(
                        "container alpha at \(formatNumber(t)) s (pull \(formatNumber(state.pull))): generated code \(formatNumber(view.alpha)), engine \(formatNumber(state.contentAlpha))"
                    )
                }
            }
        }
        if instants.count < 5 { mismatches.append("only \(instants.count) instants compared") }
        return mismatches + Shim.layoutErrors.map { "layout: \($0)" }
    }

    /// Frames, tags and the properties set once (fonts, alignment, corner radii) against the spec.
    static func checkViews(_ view: UIView, spec: Spec, layout: Layout, phase: String) -> [String] {
        var issues: [String] = []
        let subviews = Shim.descendants(of: view)
        let specs = spec.views.drawingOrder.map { spec.views[$0] }
        if subviews.map(\.tag) != specs.map(\.tag) {
            issues.append("subview tags \(subviews.map(\.tag)), spec \(specs.map(\.tag)) (drawing order)")
        }
        for (subview, viewSpec) in zip(subviews, specs) {
            if subview.superview.flatMap({ $0 === view ? nil : $0.tag }) != viewSpec.superview {
                issues.append(
                    "tag \(viewSpec.tag) superview: generated code \(subview.superview?.tag ?? 0), spec \(viewSpec.superview ?? 0)"
                )
            }
            if subview.isHidden != viewSpec.isHidden { issues.append("tag \(viewSpec.tag) isHidden differs") }
            if Shim.kind(of: subview) != viewSpec.kind {
                issues.append(
                    "tag \(viewSpec.tag) kind: generated code \(Shim.kind(of: subview)), spec \(viewSpec.kind)")
            }
            let tag = viewSpec.tag
            let f = layout.frame(tag: tag)
            if subview.frame != CGRect(x: f.x, y: f.y, width: f.width, height: f.height) {
                issues.append("tag \(tag) frame (\(phase)): generated code \(subview.frame), engine \(f)")
            }
            let radius = viewSpec.cornerRadius.resolved(width: f.width, height: f.height)
            if subview.layer.cornerRadius != radius {
                issues.append("tag \(tag) cornerRadius: generated code \(subview.layer.cornerRadius), spec \(radius)")
            }
            if subview.clipsToBounds != viewSpec.clipsToBounds { issues.append("tag \(tag) clipsToBounds differs") }
            if let label = subview as? UILabel {
                let expected = viewSpec.font
                if Shim.fontSpec(of: label) != expected {
                    issues.append("tag \(tag) font: generated code \(Shim.fontSpec(of: label)), spec \(viewSpec.font)")
                }
                if Shim.lines(of: label) != viewSpec.lines {
                    issues.append("tag \(tag) lines: generated code \(Shim.lines(of: label)), spec \(viewSpec.lines)")
                }
                let alignment: [TextAlignment: NSTextAlignment] = [.left: .left, .center: .center, .right: .right]
                if label.textAlignment != alignment[viewSpec.textAlignment] {
                    issues.append(
                        "tag \(tag) textAlignment: generated code \(label.textAlignment), spec \(viewSpec.textAlignment)"
                    )
                }
            }
        }
        return issues
    }

    /// The family the spec calls the system font by (`UIFont.systemFont` in the generated code):
    /// `System` where import wrote it, else the renderer's stand-in, as the samples name it.
    static func systemFontFamily(_ spec: Spec) -> String {
        let system = spec.views.first { $0.kind == .label && $0.font.iOS?.font.family == "System" }
        return system?.font.family ?? FontSpec.defaultFamily
    }

    /// Interrupts the loop of `c`'s class a little after refreshing begins (its animations removed,
    /// as when the view leaves the window) and says what went wrong: a loop that re-schedules its
    /// next step at once (a tight loop in the background), or one that never starts again.
    static func interruptionProblems(_ c: GeneratedCase) throws -> [String] {
        Shim.reset()
        Shim.measurer = measurer
        let view = c.type.init(frame: CGRect(origin: .zero, size: c.type.designSize))
        view.beginRefreshing()
        Shim.run(until: 0.05)
        var problems: [String] = []
        if Shim.pendingCodeEvents == 0 { problems.append("nothing was running 0.05 s after beginRefreshing") }
        Shim.interruptAnimations()
        if Shim.pendingCodeEvents != 0 {
            problems.append("interrupted, the loop scheduled \(Shim.pendingCodeEvents) event(s) again")
        }
        view.beginRefreshing()
        if Shim.pendingCodeEvents == 0 { problems.append("after the interruption, beginRefreshing started nothing") }
        return problems
    }
}

/// A clock's digits differ between the engine's fixed `now` and the code's `Date()`: compare them as `#`.
func masked(_ s: String?) -> String? {
    s.map { String($0.map { $0.isNumber ? "#" : $0 }) }
}

/// Whether two values of a property agree, within rounding (clock digits masked in texts).
func same<Value: TrackValue>(_ a: Value, _ b: Value) -> Bool {
    let tolerance = 1e-9
    switch (a.uikitValue, b.uikitValue) {
    case (.transform(let x), .transform(let y)):
        guard x.isPlanar && y.isPlanar else {
            return zip(x.matrix3D.elements, y.matrix3D.elements).allSatisfy { abs($0 - $1) < 1e-8 }
        }
        let (p, q) = (x.normalized, y.normalized)
        return abs(p.rotation - q.rotation) < 1e-7 && abs(p.scaleX - q.scaleX) < tolerance
            && abs(p.scaleY - q.scaleY) < tolerance && abs(p.translationX - q.translationX) < tolerance
            && abs(p.translationY - q.translationY) < tolerance
    case (.number(let x), .number(let y)): return abs(x - y) < tolerance
    case (.color(let x), .color(let y)):
        return abs(x.red - y.red) < tolerance && abs(x.green - y.green) < tolerance
            && abs(x.blue - y.blue) < tolerance && abs(x.alpha - y.alpha) < tolerance
    case (.text(let x), .text(let y)): return masked(x) == masked(y)
    case (.bool(let x), .bool(let y)): return x == y
    case (.point(let x), .point(let y)): return abs(x.x - y.x) < tolerance && abs(x.y - y.y) < tolerance
    case (.size(let x), .size(let y)): return abs(x.width - y.width) < tolerance && abs(x.height - y.height) < tolerance
    case (.image(let x), .image(let y)): return x == y
    case (.transform, _), (.number, _), (.color, _), (.text, _), (.bool, _), (.point, _), (.size, _),
        (.image, _):
        return false
    }
}

/// The recorded value of one property at `time`: the last change that has started. An additive
/// property (a transform) shows UIKit's additive form, `offset(p) ⊕ to` with the offset moving
/// from `from ⊖ to` (for a transform `from · to⁻¹`) to zero (research §1.5); a singular transform
/// shows its end value at once (§8.1).
func recordedValue<Setting>(
    _ changes: [Shim.Change], view: ObjectIdentifier, property: AnimatableProperty<Setting>, at time: Double
) -> Setting.Value? {
    let list = changes.filter { $0.view == view && $0.property == property.name }.enumerated().sorted {
        ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }.map(\.element)
    guard let change = list.last(where: { $0.start <= time }) else { return nil }
    let (from, to) = (change.from as! Setting.Value, change.to as! Setting.Value)
    if time >= change.end { return to }
    let p = change.curve.progress(
        at: (time - change.start) / (change.end - change.start), duration: change.end - change.start)
    if property.combining == .additive, let zero = Setting.Value.additiveZero {
        guard let offset = to.offset(from: from) else { return to }
        return to.adding(offset.interpolated(to: zero, p))
    }
    return from.interpolated(to: to, p)
}
