import Foundation
import RefreshFramesCore

/// Reads an Interface Builder document (.xib, or one scene of a .storyboard) into a spec.
///
/// Pure: no file I/O. The root view becomes the canvas; its subviews at every level become the
/// spec's views in document order (labels, plain views, spinners and stack views, whose
/// `<subviews>` are their arranged views; anything else a plain-view placeholder); every
/// constraint between them is kept. The frames Interface Builder stored are the check: the
/// spec's layout is solved and each view whose frame differs is reported.
package enum XIBImporter {
    static let xibType = "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
    static let storyboardType = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"

    /// Imports a document.
    ///
    /// - Parameters:
    ///   - isFontInstalled: whether fontconfig has a family; a named font that is neither an iOS
    ///     family nor installed is replaced by WenQuanYi Micro Hei. By default only that family counts
    ///     as installed.
    ///   - standIn: the face that draws a font here, for the font mapping (`FontBook.standIn(for:)`).
    ///   - scene: a storyboard's scene, by number (from 1) or name; nil for the first.
    ///   - baselineOffset: a one-line label's baseline below its centre, in points, for baseline
    ///     constraints; nil drops them with a warning.
    ///   - images: the app's images; an image view whose image is not there is a placeholder.
    package static func importDocument(
        _ bytes: [UInt8], fileName: String, animation: ImportAnimation, measurer: TextMeasurer,
        isFontInstalled: @escaping @Sendable (String) -> Bool = { $0 == FontSpec.defaultFamily },
        standIn: @escaping @Sendable (FontSpec) -> String? = { _ in nil }, scene: String? = nil,
        baselineOffset: @escaping @Sendable (FontSpec) -> Double? = { _ in nil }, images: ImportImages = .none,
        rootSize: Size? = nil
    ) throws(ImportError) -> ImportResult {
        let document: XMLNode
        do {
            document = try XMLNode.parse(bytes)
        } catch {
            throw .notXML(line: error.line, detail: error.message)
        }
        var reader = DocumentReader(fileName: fileName, isFontInstalled: isFontInstalled)
        reader.scene = scene
        reader.baselineOffset = baselineOffset
        reader.standIn = standIn
        reader.images = images
        reader.rootSize = rootSize
        reader.measure = { text, font in try? measurer.measure(text, font) }
        var imported = try reader.read(document)
        var warnings = reader.warnings
        let check = try solve(
            &imported, fileName: fileName, animation: animation, measurer: measurer, warnings: &warnings)
        let json = SpecWriter.write(imported, fileName: fileName, animation: animation)
        return ImportResult(
            specJSON: json, warnings: warnings, frameDifferences: check.differences, fontMapping: reader.fontMapping,
            frameCheck: check)
    }

    /// Solves the document's layout as the written spec will be solved, through the core's one entry
    /// point (`SpecDocument`: decode, measure, solve), and compares each view's frame with the one IB
    /// stored. Where the layout does not solve, it is made to, as UIKit does at run time and with a
    /// warning each time: a required constraint that conflicts is dropped (UIKit breaks one), and a
    /// view the constraints leave undetermined is pinned to IB's frame by constraints at priority 999
    /// (its frame is then IB's, not a solution to compare).
    static func solve(
        _ imported: inout ImportedDocument, fileName: String, animation: ImportAnimation, measurer: TextMeasurer,
        warnings: inout [ImportWarning]
    ) throws(ImportError) -> FrameCheck {
        var check = FrameCheck()
        // Each round drops a constraint or pins a view, so this many rounds always suffice.
        let rounds = imported.views.count + imported.constraints.count + 1
        for _ in 0..<rounds {
            let json = SpecWriter.write(imported, fileName: fileName, animation: animation)
            var decoded: Spec?
            let document: SpecDocument
            do {
                document = try SpecDocument(bytes: Array(json.utf8), now: 0, measurer: measurer) { decoded = $0 }
            } catch {
                guard let spec = decoded else {
                    // Never write a spec the tool rejects: name the view (or the root) and what is wrong.
                    let index = Int(error.path.dropFirst("views[".count).prefix { $0.isNumber })
                    let line =
                        error.path.hasPrefix("views[")
                        ? index.flatMap { imported.views.indices.contains($0) ? imported.views[$0].line : nil } : nil
                    throw .unrepresentable(line: line ?? imported.rootLine, detail: "\(error.path): \(error.message)")
                }
                if let failure = measuringFailure(error, spec: spec, imported: imported) {
                    warnings.append(failure)
                    check.notChecked = "a label could not be measured"
                    return check
                }
                guard
                    repair(
                        &imported, spec: spec, error: LayoutError(path: error.path, message: error.message),
                        warnings: &warnings)
                else {
                    check.notChecked = "the layout does not solve"
                    return check
                }
                continue
            }
            compare(imported, layout: document.timeline.layout, into: &check)
            return check
        }
        warnings.append(
            ImportWarning(
                line: imported.rootLine, element: imported.rootElement,
                message: "the layout still does not solve after \(rounds) repairs; frames not checked"))
        check.notChecked = "the layout does not solve"
        return check
    }

    /// The warning for a label whose text could not be measured (`views[2].text`, or another of the
    /// view's keys such as `views[2].font.family`); nil for any other problem.
    private static func measuringFailure(
        _ error: SpecDiagnostic, spec: Spec, imported: ImportedDocument
    ) -> ImportWarning? {
        guard error.path.hasPrefix("views["), let close = error.path.firstIndex(of: "]"),
            error.path[error.path.index(after: close)...].hasPrefix("."),
            let index = Int(error.path.dropFirst("views[".count).prefix { $0.isNumber }),
            spec.views.indices.contains(index), spec.views[index].kind == .label
        else { return nil }
        let view = spec.views[index]
        let source = imported.views.first { $0.spec.tag == view.tag }
        return ImportWarning(
            line: source?.line ?? imported.rootLine, element: source?.element ?? "<label>",
            message:
                "cannot measure '\(view.texts[.idle] ?? "")' in \(view.font.pattern): \(error.message); frames not checked"
        )
    }

    /// Drops the constraint a conflict names, or pins the view an ambiguity names; false when the
    /// error is neither (or the view is pinned already).
    private static func repair(
        _ imported: inout ImportedDocument, spec: Spec, error: LayoutError, warnings: inout [ImportWarning]
    ) -> Bool {
        let message = describe(error.message, in: imported)
        if let index = Self.index(in: error.path, of: "constraints"), index < imported.constraints.count,
            imported.constraints[index].pinnedTag == nil
        {
            let dropped = imported.constraints.remove(at: index)
            warnings.append(
                ImportWarning(
                    line: dropped.line, element: dropped.element,
                    message: "\(message); dropped, as UIKit breaks one of the conflicting constraints at run time"))
            return true
        }
        if let index = Self.index(in: error.path, of: "views"), index < spec.views.count,
            let viewIndex = imported.views.firstIndex(where: { $0.spec.tag == spec.views[index].tag }),
            !imported.constraints.contains(where: { $0.pinnedTag == spec.views[index].tag })
        {
            let view = imported.views[viewIndex]
            let frame = view.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
            let stored =
                view.frame == nil
                ? "(0, 0, 0, 0), as it has no stored frame," : "IB's frame \(ImportReport.format(frame))"
            // Interface Builder places a `fixedFrame` view without constraints by its frame too.
            let tag = view.spec.tag
            let constrained = imported.constraints.contains {
                $0.pinnedTag == nil && ($0.spec.item == .view(tag: tag) || $0.spec.toItem == .view(tag: tag))
            }
            let why =
                view.fixedFrame && !constrained
                ? "it has fixedFrame=\"YES\" and no constraints, so Interface Builder places it by its stored frame (constraints it adds when it builds the nib); pinned to"
                : "the document's constraints leave it undetermined; pinned to"
            warnings.append(
                ImportWarning(
                    line: view.line, element: view.element,
                    message: "\(message.prefix { $0 != ";" }): \(why) \(stored) at priority 999"))
            imported.constraints += pins(view, frame: frame)
            return true
        }
        warnings.append(
            ImportWarning(
                line: imported.rootLine, element: imported.rootElement,
                message: "the imported layout does not solve (\(message)); frames not checked"))
        return false
    }

    /// Leading, top, width and height at IB's frame, relative to the superview, priority 999.
    private static func pins(_ view: ImportedView, frame: Rect) -> [ImportedConstraint] {
        let tag = view.spec.tag
        let superview = view.spec.superview.map { LayoutItem.view(tag: $0) } ?? .superview
        let specs = [
            ConstraintSpec(
                item: .view(tag: tag), attribute: .leading, toItem: superview, toAttribute: .leading,
                constant: frame.x, priority: 999),
            ConstraintSpec(
                item: .view(tag: tag), attribute: .top, toItem: superview, toAttribute: .top, constant: frame.y,
                priority: 999),
            ConstraintSpec(item: .view(tag: tag), attribute: .width, constant: frame.width, priority: 999),
            ConstraintSpec(item: .view(tag: tag), attribute: .height, constant: frame.height, priority: 999),
        ]
        return specs.map { ImportedConstraint(spec: $0, element: view.element, line: view.line, pinnedTag: tag) }
    }

    /// `constraints[3]` → 3.
    private static func index(in path: String, of key: String) -> Int? {
        guard path.hasPrefix(key + "["), path.hasSuffix("]") else { return nil }
        return Int(path.dropFirst(key.count + 1).dropLast())
    }

    /// A solver message with the spec's `constraints[k]` turned into the document's lines.
    private static func describe(_ message: String, in imported: ImportedDocument) -> String {
        var result = message
        for (index, constraint) in imported.constraints.enumerated().reversed() {
            result = result.replacingOccurrences(
                of: "constraints[\(index)]", with: "the constraint on line \(constraint.line)")
        }
        return result
    }

    private static func compare(_ imported: ImportedDocument, layout: Layout, into check: inout FrameCheck) {
        let pinned = Set(imported.constraints.compactMap(\.pinnedTag))
        let storedFrames = StoredFrames(imported)
        for view in imported.views.sorted(by: { $0.spec.tag < $1.spec.tag }) {
            if pinned.contains(view.spec.tag) {
                check.pinned.append(view.spec.tag)
                continue
            }
            guard let stored = view.frame, let solved = layout.frames[view.spec.tag] else {
                check.notCompared.append(view.spec.tag)
                continue
            }
            if stored.isClose(to: solved) {
                check.matching.append(view.spec.tag)
            } else {
                // An SF Symbol's frame is not the rect its constraints place: not a sign of a stale file.
                let allBroken =
                    view.misplaced || view.showsSymbol
                    ? [] : storedFrames.brokenConstraints(of: view.spec.tag, in: imported.constraints)
                let broken = allBroken.first
                var difference = FrameDifference(
                    tag: view.spec.tag, line: view.frameLine, interfaceBuilder: stored, solved: solved,
                    misplaced: view.misplaced, brokenConstraint: broken,
                    wholePoints: imported.hasNoDevice ? Self.wholePoints(stored: stored, solved: solved) : [])
                difference.symbol = view.showsSymbol
                // Stale only when the stale part is the whole difference.
                if broken != nil {
                    difference.partlyStale = !StoredFrames.correctionLeavesWithin(
                        stored: stored, solved: solved, broken: allBroken,
                        sizeFixed: StoredFrames.sizeFixed(of: view.spec.tag, in: imported.constraints),
                        aspect: StoredFrames.aspect(of: view.spec.tag, in: imported.constraints))
                }
                check.differences.append(difference)
            }
        }
        // A difference whose stored frame agrees, by a required constraint, with a stale one, and that
        // is no larger than the move the tie gives it, is stale with it (a view placed after one IB
        // stored a point too wide); followed in turn.
        let solvedFrames = StoredFrames(imported, replacing: layout.frames)
        // The axes each stale frame is off in; a follower is off in the axis of its tie.
        var stale: [Int: Set<Bool>] = [:]
        for difference in check.differences where difference.isStale {
            stale[difference.tag] = StoredFrames.staleAxes(of: difference, in: imported.constraints)
        }
        var changed = true
        while changed {
            changed = false
            for index in check.differences.indices where !check.differences[index].isStale {
                let tag = check.differences[index].tag
                guard
                    let follows = storedFrames.satisfiedTie(
                        of: tag, toAny: stale, in: imported.constraints, solved: solvedFrames),
                    // The whole difference is the move (a label whose own height differs too is not).
                    check.differences[index].largestDelta <= follows.move + StoredFrames.tolerance
                else { continue }
                check.differences[index].follows = (follows.tag, follows.line)
                stale[tag] = [follows.horizontal]
                changed = true
            }
        }
    }
}

extension XIBImporter {
    /// The sizes ("width", "height") IB stored on the whole point above a fractional solved one
    /// (21 where the layout gives 20.5).
    static func wholePoints(stored: Rect, solved: Rect) -> [String] {
        func onWholePoint(_ stored: Double, above solved: Double) -> Bool {
            stored == stored.rounded() && solved != solved.rounded() && stored == solved.rounded(.up)
        }
        var sizes: [String] = []
        if onWholePoint(stored.width, above: solved.width) { sizes.append("width") }
        if onWholePoint(stored.height, above: solved.height) { sizes.append("height") }
        return sizes
    }
}

extension Rect {
    fileprivate func isClose(to other: Rect) -> Bool {
        [x - other.x, y - other.y, width - other.width, height - other.height].allSatisfy { abs($0) < 1e-6 }
    }
}

/// A subview as imported, with where it came from.
struct ImportedView {
    var spec: ViewSpec
    /// The element's `id`, which connections name.
    var id: String? = nil
    /// Colours IB gave as system colours with a semantic equivalent, by the spec's key:
    /// `["textColor": "label"]`. The spec names them, so they follow `--appearance`.
    var colorNames: [String: String] = [:]
    var element: String
    var line: Int
    /// The frame IB stored, and the line of its `<rect>`.
    var frame: Rect?
    var frameLine: Int
    /// The label's text, if any.
    var text: String?
    /// IB's `misplaced="YES"`: the stored frame is not where the constraints put the view.
    var misplaced = false
    /// IB's `fixedFrame="YES"`: a view IB places by its stored frame (its build-time constraints, up
    /// to Xcode 7; autoresizing from Xcode 8).
    var fixedFrame = false
    /// An image view showing an SF Symbol (`catalog="system"`): Auto Layout places its alignment
    /// rect, which the symbol's alignment insets (not known here) set apart from its frame.
    var showsSymbol = false
    /// A button's title, for a button drawn as a label (its title).
    var button: ButtonTitle?
    /// Whether the imported animation animates it: labels, not the buttons drawn as labels.
    var isLabel: Bool { spec.kind == .label && button == nil }
}

/// A constraint as imported, with where it came from.
struct ImportedConstraint {
    var spec: ConstraintSpec
    /// The `<constraint>`'s `id`, which an outlet's connection names, and its `constant` as the
    /// document gives it (the spec's differs for a margin or a layout guide).
    var elementID: String? = nil
    var documentConstant = 0.0
    var element: String
    var line: Int
    /// The view this constraint pins to IB's frame, for constraints the importer adds.
    var pinnedTag: Int? = nil
    /// Whether it relates the views' own edges, sizes and centres with the document's constant alone
    /// (no margin, layout guide or baseline, whose offsets the import computes): what the check of
    /// IB's stored frames (`StoredFrames`) may rely on.
    var isPlain = false
}

struct ImportedDocument {
    var canvas: Canvas
    var rootElement: String
    var rootLine: Int
    var views: [ImportedView]
    var constraints: [ImportedConstraint]
    /// The root view's background as a semantic colour (`systemBackground`), when IB named one.
    var backgroundName: String? = nil
    /// The device's appearance.
    var appearance: Appearance = .light
    /// The asset catalogs the image views' images are in (the spec's `"assets"`).
    var assets: [String] = []
    /// The code's outlets a view's name cannot give (the spec's `"outlets"`).
    var outlets: [Outlet] = []
    /// The document has no `<device>`: saved by Xcode 7 or earlier, which could store frames on whole
    /// points.
    var hasNoDevice = false
}
