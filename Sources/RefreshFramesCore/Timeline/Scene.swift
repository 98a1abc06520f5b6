/// Measures a text in a font, in points: how labels get their intrinsic size. The raster module
/// provides the real one (FreeType); the core never touches fonts.
package struct TextMeasurer: Sendable {
    package var measure: @Sendable (String, FontSpec) throws -> IntrinsicSize

    package init(measure: @escaping @Sendable (String, FontSpec) throws -> IntrinsicSize) {
        self.measure = measure
    }
}

/// A measuring error that belongs to another key of the view than its text, e.g. `font.family`.
package protocol ViewKeyError: Error {
    var viewKey: String { get }
}

/// A problem found after decoding: in the layout, or in measuring a label's text.
package struct SceneError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var message: String

    package var description: String { "\(path): \(message)" }
}

extension Timeline {
    /// Solves the layout for each refresh phase's texts (a label's intrinsic size follows its text)
    /// and builds the timeline.
    package static func make(spec: Spec, now: Int64, measurer: TextMeasurer) throws -> Timeline {
        var layouts: [RefreshPhase: Layout] = [:]
        for phase in RefreshPhase.allCases {
            layouts[phase] = try solve(spec, phase: phase, now: now, measurer: measurer)
        }
        let refreshingTexts = texts(spec, phase: .refreshing, now: now)
        // A `layout` step re-solves with the refreshing texts (the program runs while refreshing).
        let relayout: ProgramRunner.Relayout = { request in
            var constraints = spec.constraints
            for i in constraints.indices {
                if let id = constraints[i].id, let value = request.constants[id] { constraints[i].constant = value }
            }
            var texts = refreshingTexts
            var solved = spec
            solved.views += request.views
            for asset in request.images.assets.values where solved.images[asset.name] == nil {
                solved.images.add(asset)
            }
            for (tag, text) in request.texts where solved.view(tag: tag)?.kind == .label { texts[tag] = text }
            return try solve(solved, texts: texts, constraints: constraints + request.constraints, measurer: measurer)
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

extension Timeline {
    /// The layout of one phase's texts (`LayoutSolver.solve(canvas:views:constraints:texts:measurer:)`).
    static func solve(_ spec: Spec, phase: RefreshPhase, now: Int64, measurer: TextMeasurer) throws -> Layout {
        try solve(spec, texts: texts(spec, phase: phase, now: now), constraints: spec.constraints, measurer: measurer)
    }

    /// The labels' texts of `phase`, by tag.
    static func texts(_ spec: Spec, phase: RefreshPhase, now: Int64) -> [Int: String] {
        var texts: [Int: String] = [:]
        for view in spec.views where view.kind == .label {
            if let text = view.texts[phase] { texts[view.tag] = expandClockTemplates(text, now: now) }
        }
        return texts
    }

    /// The layout of these texts (by tag) and constraints.
    static func solve(_ spec: Spec, texts: [Int: String], constraints: [ConstraintSpec], measurer: TextMeasurer)
        throws -> Layout
    {
        var imageSizes: [Int: IntrinsicSize] = [:]
        for view in spec.views { if let size = view.fixedIntrinsicSize { imageSizes[view.tag] = size } }
        for view in spec.views where view.kind == .image {
            if let size = spec.images.intrinsicSize(of: view, scale: spec.canvas.scale) { imageSizes[view.tag] = size }
        }
        for (index, view) in spec.views.enumerated() where view.kind == .button {
            do {
                if let size = try spec.images.buttonSize(of: view, scale: spec.canvas.scale, measurer: measurer) {
                    imageSizes[view.tag] = size
                }
            } catch {
                throw SceneError(path: "views[\(index)].states", message: "\(error)")
            }
        }
        do {
            return try LayoutSolver.solve(
                canvas: spec.canvas, views: spec.views, constraints: constraints, texts: texts, measurer: measurer,
                imageSizes: imageSizes)
        } catch let error as LabelMeasuringError {
            let key = (error.underlying as? any ViewKeyError)?.viewKey ?? "text"
            throw SceneError(path: "views[\(error.index)].\(key)", message: "\(error.underlying)")
        } catch let error as LayoutError {
            throw SceneError(path: error.path, message: error.message)
        }
    }
}

/// A label's text could not be measured.
struct LabelMeasuringError: Error {
    /// The label's index in `views`.
    var index: Int
    var underlying: any Error
}

extension LayoutSolver {
    /// Solves the layout with the labels' intrinsic sizes measured from `texts` (by tag), in
    /// UIKit's two passes when a multi-line label wraps at its own width (`preferredMaxLayoutWidth`
    /// 0): the first pass sizes it for its text on one line per paragraph, the second for its lines
    /// at the width the first pass gave it. UIKit does the same (`UIView`'s second update-constraints
    /// pass after a multi-line label's width changes: WWDC 2015 session 219 "Mysteries of Auto
    /// Layout, Part 2"; `preferredMaxLayoutWidth`'s documentation); a label with a preferred width
    /// wraps at it in the first pass and needs no second. Throws `LayoutError`, or the measurer's
    /// error for a label. `imageSizes` are the image views' intrinsic sizes (their images' point
    /// sizes), by tag.
    package static func solve(
        canvas: Canvas, views: [ViewSpec], constraints: [ConstraintSpec], texts: [Int: String],
        measurer: TextMeasurer, imageSizes: [Int: IntrinsicSize] = [:]
    ) throws -> Layout {
        func layout(widths: [Int: Double]) throws -> Layout {
            var sizes = imageSizes
            for (index, view) in views.enumerated() where view.kind == .label {
                guard let text = texts[view.tag] else { continue }
                do {
                    sizes[view.tag] = try intrinsicSize(view, text: text, width: widths[view.tag], measurer: measurer)
                } catch {
                    throw LabelMeasuringError(index: index, underlying: error)
                }
            }
            return try solve(canvas: canvas, views: views, constraints: constraints, intrinsicSizes: sizes)
        }
        var widths: [Int: Double] = [:]
        for view in views where view.kind == .label && view.lines.preferredMaxLayoutWidth > 0 {
            widths[view.tag] = view.lines.preferredMaxLayoutWidth
        }
        let first = try layout(widths: widths)
        let automatic = views.filter {
            $0.kind == .label && $0.lines.isMultiline && $0.lines.preferredMaxLayoutWidth == 0
        }
        guard !automatic.isEmpty else { return first }
        for view in automatic { widths[view.tag] = first.frame(tag: view.tag).width }
        return try layout(widths: widths)
    }

    /// A label's intrinsic size: its text on one line (a one-line label), else the width of its widest
    /// line and the height of its lines, wrapped at `width` (nil: only at line breaks).
    static func intrinsicSize(
        _ view: ViewSpec, text: String, width: Double?, measurer: TextMeasurer
    ) throws -> IntrinsicSize {
        guard view.lines.isMultiline else { return try measurer.measure(text, view.font) }
        let lines = try view.lines.lines(text, width: width) { try measurer.measure($0, view.font).width }
        guard !lines.isEmpty else { return IntrinsicSize(width: 0, height: 0) }
        let lineHeight = try measurer.measure(" ", view.font).height
        return IntrinsicSize(width: lines.map(\.width).max()!, height: Double(lines.count) * lineHeight)
    }
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
