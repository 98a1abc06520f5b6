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
extension ClassicSpinnerRefreshView: GeneratedRefreshView, FollowsPull {}
extension ButtonsRefreshView: GeneratedRefreshView {}
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
extension BlockOptionsRefreshView: GeneratedRefreshView {}
extension KeyframesRefreshView: GeneratedRefreshView {}
extension ImageStepsRefreshView: GeneratedRefreshView {}
extension LayerAnimationsRefreshView: GeneratedRefreshView {}
extension LayoutTransitionRefreshView: GeneratedRefreshView {}
extension LayerWaits3dRefreshView: GeneratedRefreshView {}
extension OnEndEachRefreshView: GeneratedRefreshView {}
extension LoopShowsSpinnerRefreshView: GeneratedRefreshView {}
extension ResetLeavesSpinnerFadedRefreshView: GeneratedRefreshView {}
extension ShadowPathRefreshView: GeneratedRefreshView {}
extension RotationXyRefreshView: GeneratedRefreshView {}
extension BlockOverLayerRefreshView: GeneratedRefreshView {}

/// A spec and the class generated from it, committed under Generated/.
struct GeneratedCase: CustomStringConvertible, Sendable {
    var spec: String
    var type: any GeneratedRefreshView.Type
    /// How many values the round trip compares (`RoundTrip.Outcome.probes`), counted on main at
    /// cb103ae: a change that compares fewer (fewer instants, views or properties) fails the test.
    var probes: Int
    var description: String { spec }

    var typeName: String { SwiftGenerator.typeName(forSpecPath: spec) }
    var file: String { "Tests/RefreshFramesSwiftGenTests/Generated/\(typeName).swift" }
}

let generatedCases: [GeneratedCase] = [
    GeneratedCase(spec: "samples/rotate-scale.json", type: RotateScaleRefreshView.self, probes: 17927),
    GeneratedCase(spec: "samples/color-dots.json", type: ColorDotsRefreshView.self, probes: 21216),
    GeneratedCase(spec: "samples/marquee.json", type: MarqueeRefreshView.self, probes: 7979),
    GeneratedCase(spec: "samples/classic-spinner.json", type: ClassicSpinnerRefreshView.self, probes: 252),
    // The generator's paths the samples do not take: every curve, delay, alpha, tag lists, palettes.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/curves.json", type: CurvesRefreshView.self, probes: 1813),
    // Image views: content and rendering modes, a tint, frame sequences, an image the program swaps.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/image-views.json", type: ImageViewsRefreshView.self,
        probes: 1392),
    // Specs that `refresh-frames import` writes from the import tests' xibs (see `ImportedFixture`).
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/attributes-rotate-scale.json",
        type: AttributesRotateScaleRefreshView.self, probes: 6250),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/equal-widths-color-dots.json",
        type: EqualWidthsColorDotsRefreshView.self, probes: 33228),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/intrinsic-sizes-marquee.json",
        type: IntrinsicSizesMarqueeRefreshView.self, probes: 11739),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/tagged-labels-marquee.json",
        type: TaggedLabelsMarqueeRefreshView.self, probes: 6708),
    // Nested views, stack views (every arrangement key), hidden views, multi-line labels.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/nested-views-rotate-scale.json",
        type: NestedViewsRotateScaleRefreshView.self, probes: 8113),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/stack-fill-equally-color-dots.json",
        type: StackFillEquallyColorDotsRefreshView.self, probes: 6650),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/stack-hidden-marquee.json",
        type: StackHiddenMarqueeRefreshView.self, probes: 6450),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/stack-nested-rotate-scale.json",
        type: StackNestedRotateScaleRefreshView.self, probes: 9576),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/multi-line-labels.json", type: MultiLineLabelsRefreshView.self,
        probes: 3485),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/multi-line-labels-marquee.json",
        type: MultiLineLabelsMarqueeRefreshView.self, probes: 8127),
    // The engine's block semantics: repeat counts, .repeat/.autoreverse, beginFromCurrentState,
    // wait: false; keyframes in linear and discrete modes, on outer curves, inside an each.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/block-options.json", type: BlockOptionsRefreshView.self,
        probes: 2992),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/keyframes.json", type: KeyframesRefreshView.self,
        probes: 1617),
    // startAnimating / stopAnimating steps, at the top level and in an each over mixed views.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/image-steps.json", type: ImageStepsRefreshView.self,
        probes: 1435),
    // Core Animation steps (basic, keyframes in linear, paced and cubic modes, additive, fill modes,
    // removal by key and of all), and UIView keyframes in paced and cubic modes.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/layer-animations.json", type: LayerAnimationsRefreshView.self,
        probes: 3807),
    // Constraint-constant layout steps, transitions, overlapping additive blocks, onEnd steps.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/layout-transition.json",
        type: LayoutTransitionRefreshView.self, probes: 2867),
    // Buttons: states' images, background images and titles; the program's isSelected/isEnabled.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/buttons.json", type: ButtonsRefreshView.self, probes: 812
    ),
    // caAnimation steps waited for through their delegate, a spring curve (UIKit's CASpringAnimation),
    // 3-D transforms in CA animations and in a block (transform3D), cubic keyframes moving at their ends.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/layer-waits-3d.json", type: LayerWaits3dRefreshView.self,
        probes: 2726),
    // onEnd with an each, and a removal that stops the loop waiting for it (the reset applies).
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/on-end-each.json", type: OnEndEachRefreshView.self,
        probes: 1093),
    // A spinner after refreshing ended: neither the loop's last step nor the reset shows it again.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/loop-shows-spinner.json",
        type: LoopShowsSpinnerRefreshView.self, probes: 1800),
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/reset-leaves-spinner-faded.json",
        type: ResetLeavesSpinnerFadedRefreshView.self, probes: 1800),
    // layer.shadowPath: each UIBezierPath shape and nil, in blocks (instant) and in the reset.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/shadow-path.json", type: ShadowPathRefreshView.self,
        probes: 2014),
    // transform.rotation.x / .y key paths over a transform with perspective, basic, keyframes, additive.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/rotation-xy.json", type: RotationXyRefreshView.self,
        probes: 792),
    // A block and a layer animation on one property at once, in both orders, replacing and additive.
    GeneratedCase(
        spec: "Tests/RefreshFramesSwiftGenTests/Fixtures/block-over-layer.json", type: BlockOverLayerRefreshView.self,
        probes: 950),
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
        try compare(spec: spec, type: type).differences
    }

    /// What a round trip found, and how many values it compared: one for each view, property
    /// of the table its class has, and instant (the probes), and the container's alpha at each
    /// instant where it follows the pull.
    struct Outcome {
        var differences: [String]
        var probes: Int
    }

    static func compare(_ c: GeneratedCase) throws -> Outcome {
        try compare(spec: try loadSpec(c.spec).spec, type: c.type)
    }

    static func compare(spec: Spec, type: any GeneratedRefreshView.Type) throws -> Outcome {
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
        let pullSpinners = spec.views.filter { $0.kind == .spinner && $0.revealsWithPull }.map(\.tag)

        var initial: [ObjectIdentifier: [String: any TrackValue]] = [:]
        for subview in Shim.descendants(of: view) { initial[ObjectIdentifier(subview)] = Shim.state(of: subview) }
        Shim.clearChanges()

        var instants = Set(timeline.checkpoints)
        for (a, b) in zip(timeline.checkpoints, timeline.checkpoints.dropFirst()) {
            instants.insert(a + (b - a) / 4)
            instants.insert(a + (b - a) / 2)
            instants.insert(a + (b - a) * 3 / 4)
        }
        // The pull as the app tells it from scrollViewDidScroll, at each instant compared before
        // refreshing begins (a spinner that reveals its spokes with the pull).
        if let follower = view as? FollowsPull {
            for t in instants.sorted() where t < timeline.refreshBeganAt {
                Shim.run(until: t)
                follower.pullDidChange(to: timeline.sample(at: t).pull)
            }
        }
        Shim.run(until: timeline.refreshBeganAt)
        view.beginRefreshing()
        view.layoutIfNeeded()
        mismatches += checkViews(view, spec: spec, layout: timeline.refreshingLayout, phase: "refreshing")
        Shim.run(until: timeline.refreshEndedAt)
        view.endRefreshing()
        Shim.run(until: timeline.duration, including: true)

        let recorded = Shim.changes
        // What the engine animates: a view the code leaves where layout put it is compared too.
        let engineChanges = Set(timeline.segments.map { "\($0.tag) \($0.property)" })
        var probes = 0
        for t in instants.sorted() {
            let state = timeline.sample(at: t)
            for subview in drawn(view, pullSpinners: pullSpinners) {
                guard let engine = state.views.first(where: { $0.tag == subview.tag }) else {
                    mismatches.append("tag \(subview.tag): the engine has no such view")
                    continue
                }
                // Every property of the engine's table that the view's class has.
                func compare<P: AnyAnimatableProperty>(_ p: P) {
                    let property = p.property
                    guard property.uikit.isDeclared(on: Shim.kind(of: subview)) else { return }
                    // Frames come from the layout (checked by `checkViews`) unless the code or the engine changes them.
                    let id = ObjectIdentifier(subview)
                    if property.followsLayout && !recorded.contains(where: { $0.view == id && $0.property == p.name })
                        && !Shim.layerAnimations.contains(where: { $0.view == id && $0.property == p.name })
                        && !engineChanges.contains("\(subview.tag) \(p.name)")
                    {
                        return
                    }
                    probes += 1
                    let want = engine[keyPath: property.state]
                    let got = shown(property, of: subview, at: t, recorded: recorded, initial: initial)
                    if !same(got, want) {
                        mismatches.append(
                            "tag \(subview.tag) \(p.name) at \(formatNumber(t)) s: generated code \(got.dumpDescription), engine \(want.dumpDescription)"
                        )
                    }
                }
                for p in AnimatableProperties.all { compare(p) }
                mismatches += compareTransitions(subview, engine: engine.transition, at: t, probes: &probes)
                // The generated RefreshSpinner's spokes read back as UIRefreshControl's spinner.
                if pullSpinners.contains(subview.tag) {
                    probes += 1
                    // Read on the shim's clock, in whole microseconds, where the pull's calls were made.
                    let shimTime = Double(Shim.micros(t)) / 1_000_000
                    let alphas = spokes(of: subview).map {
                        Double(
                            shown(AnimatableProperty.alpha, of: $0, at: shimTime, recorded: recorded, initial: initial))
                    }
                    let got = SpinnerState(refreshControlSpokeAlphas: alphas)
                    if got != engine.spinner {
                        mismatches.append(
                            "tag \(subview.tag) spinner at \(formatNumber(t)) s: generated code \(got.map { "\($0)" } ?? "spokes' alphas \(alphas)"), engine \(engine.spinner.map { "\($0)" } ?? "none")"
                        )
                    }
                }
            }
            if let follower = view as? FollowsPull {
                follower.pullDidChange(to: state.pull)
                probes += 1
                if abs(view.alpha - state.contentAlpha) > 1e-9 {
                    mismatches.append(
                        "container alpha at \(formatNumber(t)) s (pull \(formatNumber(state.pull))): generated code \(formatNumber(view.alpha)), engine \(formatNumber(state.contentAlpha))"
                    )
                }
            }
        }
        if instants.count < 5 { mismatches.append("only \(instants.count) instants compared") }
        return Outcome(differences: mismatches + Shim.layoutErrors.map { "layout: \($0)" }, probes: probes)
    }

    /// What `view` shows of one property at `t`: the blocks' changes and the layer's own animations,
    /// in the order added, over the initial value.
    static func shown<Setting>(
        _ property: AnimatableProperty<Setting>, of view: UIView, at t: Double, recorded: [Shim.Change],
        initial: [ObjectIdentifier: [String: any TrackValue]]
    ) -> Setting.Value {
        let id = ObjectIdentifier(view)
        let initialValue = initial[id]![property.name] as! Setting.Value
        let byBlocks = recordedValue(recorded, view: id, property: property, at: t) ?? initialValue
        let blocks = blocksInFlight(recorded, view: id, property: property, at: t)
        return Shim.layerPresentation(
            blocks.model ?? initialValue, view: id, property: property.name, at: t, blocksAdded: blocks.added
        ) { below in
            // Additive blocks add their offsets to what is below them; others show their value.
            guard blocks.additive, let offset = (blocks.model ?? initialValue).offset(from: byBlocks)
            else { return byBlocks }
            return below.adding(offset)
        }
    }

    /// The generated `RefreshSpinner`'s spokes: the untagged subviews of a spinner the spec draws as
    /// UIRefreshControl's own (`revealsWithPull`), compared as its spinner state, not as views.
    static func spokes(of spinner: UIView) -> [UIView] {
        Shim.descendants(of: spinner).filter { $0.tag == 0 && $0.superview === spinner }
    }

    /// The views compared with the engine's: every descendant but the spokes of `pullSpinners`.
    static func drawn(_ view: UIView, pullSpinners: [Int]) -> [UIView] {
        let spinners = Shim.descendants(of: view).filter { pullSpinners.contains($0.tag) }
        let spokes = Set(spinners.flatMap(spokes(of:)).map(ObjectIdentifier.init))
        return Shim.descendants(of: view).filter { !spokes.contains(ObjectIdentifier($0)) }
    }

    /// A `UIView.transition` in flight on the view: its kind and progress, against the engine's.
    static func compareTransitions(_ view: UIView, engine: TransitionState?, at t: Double, probes: inout Int)
        -> [String]
    {
        let id = ObjectIdentifier(view)
        let running = Shim.transitions.last {
            $0.view == id && ($0.added ?? $0.start) <= t && t < min($0.end, $0.removedAt ?? .infinity)
        }
        guard running != nil || engine != nil else { return [] }
        probes += 1
        let progress = running.map {
            $0.curve.progress(at: (t - $0.start) / ($0.end - $0.start), duration: $0.end - $0.start)
        }
        if running?.kind != engine?.kind.rawValue || abs((progress ?? -1) - (engine?.progress ?? -1)) > 1e-9 {
            return [
                "tag \(view.tag) transition at \(formatNumber(t)) s: generated code \(running.map { "\($0.kind) \(formatNumber(progress!))" } ?? "none"), engine \(engine.map { "\($0.kind.rawValue) \(formatNumber($0.progress))" } ?? "none")"
            ]
        }
        return []
    }

    /// Frames, tags and the properties set once (fonts, alignment, corner radii) against the spec.
    static func checkViews(_ view: UIView, spec: Spec, layout: Layout, phase: String) -> [String] {
        var issues: [String] = []
        let pullSpinners = spec.views.filter { $0.kind == .spinner && $0.revealsWithPull }.map(\.tag)
        let subviews = drawn(view, pullSpinners: pullSpinners)
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
            // UIRefreshControl's own spinner is the generated RefreshSpinner, a view with 8 spokes.
            let kind =
                pullSpinners.contains(viewSpec.tag) && spokes(of: subview).count == SpinnerState.spokeCount
                ? .spinner : Shim.kind(of: subview)
            if kind != viewSpec.kind {
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
    case (.path(let x), .path(let y)): return x == y
    case (.shapePath(let x), .shapePath(let y)): return x == y
    case (.lineCap(let x), .lineCap(let y)): return x == y
    case (.transform, _), (.number, _), (.color, _), (.text, _), (.bool, _), (.point, _), (.size, _),
        (.image, _), (.path, _), (.shapePath, _), (.lineCap, _):
        return false
    }
}

/// The recorded value of one property at `time`: the last change that has started. An additive
/// property (a transform) shows UIKit's additive form, `offset(p) ⊕ to` with the offset moving
/// from `from ⊖ to` (for a transform `from · to⁻¹`) to zero (research §1.5); a singular transform
/// shows its end value at once (§8.1). A repeating change plays CAMediaTiming's passes (the curve
/// forward, then mirrored backward when it autoreverses) until its active end, then shows its model
/// value (research §2); one that begins from the current state starts from what the changes before
/// it showed at its start.
func recordedValue<Setting>(
    _ changes: [Shim.Change], view: ObjectIdentifier, property: AnimatableProperty<Setting>, at time: Double
) -> Setting.Value? {
    let list = changes.filter { $0.view == view && $0.property == property.name }.enumerated().sorted {
        ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }.map(\.element)
    return presentation(list, property: property, at: time)
}

private func presentation<Setting>(_ list: [Shim.Change], property: AnimatableProperty<Setting>, at time: Double)
    -> Setting.Value?
{
    guard let index = list.lastIndex(where: { $0.start <= time }) else { return nil }
    let change = list[index]
    let to = change.to as! Setting.Value
    // Additive animations in flight together (research §1.5: several in add order) each add their
    // offset to the model, the last value set; one that repeats makes the next ones replace it.
    if property.combining == .additive, change.keyPoints == nil, let zero = Setting.Value.additiveZero {
        let inFlight = list[...index].filter {
            $0.end > $0.start && $0.start <= time && time < $0.shownUntil && $0.keyPoints == nil
        }
        if !inFlight.isEmpty && inFlight.allSatisfy({ $0.repeatCount == 0 && !$0.autoreverses }) {
            var shown = to
            for c in inFlight {
                guard let offset = (c.to as! Setting.Value).offset(from: c.from as! Setting.Value) else { continue }
                shown = shown.adding(offset.interpolated(to: zero, progress(c, at: time)))
            }
            return shown
        }
    }
    var from = change.from as! Setting.Value
    if time >= change.shownUntil || change.end == change.start { return to }
    if change.beginsFromCurrentState && property.combining != .additive {
        from = presentation(Array(list[..<index]), property: property, at: change.start) ?? from
    }
    let p = progress(change, at: time)
    if let points = change.keyPoints {
        // A keyframe animation is not additive: its points, on the outer curve's time (research §5.3),
        // in its calculation mode (the shim's CAKeyframeAnimation).
        return Shim.keyframeValue(
            points.map { $0.value as! Setting.Value }, keyTimes: points.map(\.time), timings: nil,
            mode: change.calculationMode ?? "linear", at: p)
    }
    if property.combining == .additive, let zero = Setting.Value.additiveZero {
        guard let offset = to.offset(from: from) else { return to }
        return to.adding(offset.interpolated(to: zero, p))
    }
    return from.interpolated(to: to, p)
}

/// The model value of one property at `time` (the last value set; nil: none yet), the place
/// (`Change.order`) of the first block animation in flight then (nil: none), and whether those in
/// flight add their offsets (as `presentation` shows them) rather than replace what is below.
func blocksInFlight<Setting>(
    _ changes: [Shim.Change], view: ObjectIdentifier, property: AnimatableProperty<Setting>, at time: Double
) -> (model: Setting.Value?, added: Int?, additive: Bool) {
    let list = changes.filter { $0.view == view && $0.property == property.name }.enumerated().sorted {
        ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }.map(\.element)
    let model = list.last { $0.start <= time }.map { $0.to as! Setting.Value }
    let inFlight = list.filter { $0.end > $0.start && $0.start <= time && time < $0.shownUntil }
    let additive =
        property.combining == .additive && Setting.Value.additiveZero != nil && !inFlight.isEmpty
        && inFlight.allSatisfy { $0.keyPoints == nil && $0.repeatCount == 0 && !$0.autoreverses }
    return (model, inFlight.map(\.order).min(), additive)
}

/// A change's progress at `time`: CAMediaTiming's passes, forward then mirrored when it autoreverses.
private func progress(_ change: Shim.Change, at time: Double) -> Double {
    let pass = change.end - change.start
    let elapsed = time - change.start
    let cycle = change.autoreverses ? 2 * pass : pass
    let phase = elapsed - (elapsed / cycle).rounded(.down) * cycle
    let x = phase < pass ? phase / pass : 1 - (phase - pass) / pass
    return change.curve.progress(at: x, duration: pass)
}
