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
    package static func make(spec: Spec, now: Int64, measurer: TextMeasurer) throws -> Timeline {
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
        let refreshingSizes = try intrinsicSizes(spec, texts: [:], now: now, measurer: measurer, phase: .refreshing)
        // A `layout` step re-solves with the refreshing texts (the program runs while refreshing).
        let relayout: ProgramRunner.Relayout = { request in
            var constraints = spec.constraints
            for i in constraints.indices {
                if let id = constraints[i].id, let value = request.constants[id] { constraints[i].constant = value }
            }
            var sizes = refreshingSizes
            for (tag, text) in request.texts {
                guard let view = spec.view(tag: tag), view.kind == .label else { continue }
                sizes[tag] = try text.map { try measurer.measure($0, view.font) }
            }
            return try LayoutSolver.solve(
                canvas: spec.canvas, views: spec.views, constraints: constraints, intrinsicSizes: sizes)
        }
        var timeline = try Timeline(
            spec: spec, idleLayout: layouts[.idle]!, refreshingLayout: layouts[.refreshing]!, now: now,
            relayout: relayout)
        if let host = spec.host {
            timeline.table = try TableTimeline(
                host: host, controlHeight: spec.scenario.controlHeight, controlWidth: spec.canvas.width,
                refreshBeganAt: timeline.refreshBeganAt, refreshEndedAt: timeline.refreshEndedAt, now: now,
                rowHeight: { row throws in try automaticRowHeight(row, cell: host.table.cell, measurer: measurer) })
        }
        return timeline
    }
}

/// The labels' measured sizes for the texts of `phase`.
private func intrinsicSizes(
    _ spec: Spec, texts: [Int: String], now: Int64, measurer: TextMeasurer, phase: RefreshPhase
) throws -> [Int: IntrinsicSize] {
    var sizes: [Int: IntrinsicSize] = [:]
    for view in spec.views where view.kind == .label {
        guard let text = view.texts[phase] else { continue }
        sizes[view.tag] = try measurer.measure(expandClockTemplates(text, now: now), view.font)
    }
    return sizes
}

/// `UITableViewAutomaticDimension` for the built-in cell styles: the labels' line heights plus the
/// content view's 11 pt top and bottom margins, rounded up to a point, at least 44 (UIKit's default).
func automaticRowHeight(_ row: RowSpec, cell: CellStyle, measurer: TextMeasurer) throws -> Double {
    func lineHeight(_ text: String, _ font: FontSpec) throws -> Double {
        do {
            return try measurer.measure(text.isEmpty ? " " : text, font).height
        } catch {
            throw SceneError(path: "host.table", message: "cannot measure the row '\(text)': \(error)")
        }
    }
    var height = try lineHeight(row.text, cell.font)
    if cell.style == .subtitle { height += try lineHeight(row.detail ?? " ", cell.detailFont) }
    return max(44, (height + 22).rounded(.up))
}
