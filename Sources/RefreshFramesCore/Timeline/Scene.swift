/// Measures a text in a font, in points: how labels get their intrinsic size. The raster module
/// provides the real one (FreeType); the core never touches fonts.
public struct TextMeasurer: Sendable {
    public var measure: @Sendable (String, FontSpec) throws -> IntrinsicSize

    public init(measure: @escaping @Sendable (String, FontSpec) throws -> IntrinsicSize) {
        self.measure = measure
    }
}

/// A measuring error that belongs to another key of the view than its text, e.g. `font.family`.
public protocol ViewKeyError: Error {
    var viewKey: String { get }
}

/// A problem found after decoding: in the layout, or in measuring a label's text.
public struct SceneError: Error, Sendable {
    public var path: String
    public var message: String
}

extension Timeline {
    /// Solves the layout for each refresh phase's texts (a label's intrinsic size follows its text)
    /// and builds the timeline.
    public static func make(spec: Spec, now: Int64, measurer: TextMeasurer) throws -> Timeline {
        var layouts: [RefreshPhase: Layout] = [:]
        for phase in RefreshPhase.allCases {
            var sizes: [Int: IntrinsicSize] = [:]
            for (index, view) in spec.views.enumerated() where view.kind == .label {
                guard let text = view.texts[phase] else { continue }
                do {
                    sizes[view.tag] = try measurer.measure(expandClockTemplates(text, now: now), view.font)
                } catch {
                    let key = (error as? any ViewKeyError)?.viewKey ?? "text"
                    throw SceneError(path: "views[\(index)].\(key)", message: "\(error)")
                }
            }
            do {
                layouts[phase] = try LayoutSolver.solve(
                    canvas: spec.canvas, views: spec.views, constraints: spec.constraints, intrinsicSizes: sizes)
            } catch {
                throw SceneError(path: error.path, message: error.message)
            }
        }
        return try Timeline(spec: spec, idleLayout: layouts[.idle]!, refreshingLayout: layouts[.refreshing]!, now: now)
    }
}
