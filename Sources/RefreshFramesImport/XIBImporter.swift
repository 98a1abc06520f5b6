import RefreshFramesCore

/// Reads an Interface Builder document (.xib, or one scene of a .storyboard) into a spec.
///
/// Pure: no file I/O. The root view becomes the canvas; its direct subviews become the spec's
/// views in document order (labels and plain views; anything else a plain-view placeholder);
/// every constraint between them is kept. The frames Interface Builder stored are the check: the
/// spec's layout is solved and each view whose frame differs is reported.
public enum XIBImporter {
    static let xibType = "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
    static let storyboardType = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"

    /// Imports a document.
    ///
    /// - Parameter isFontInstalled: whether fontconfig has a family; a named font whose family is
    ///   missing is replaced by WenQuanYi Micro Hei. By default only that family counts as installed.
    public static func importDocument(
        _ bytes: [UInt8], fileName: String, animation: ImportAnimation, measurer: TextMeasurer,
        isFontInstalled: @escaping @Sendable (String) -> Bool = { $0 == FontSpec.defaultFamily }
    ) throws(ImportError) -> ImportResult {
        let document: XMLNode
        do {
            document = try XMLNode.parse(bytes)
        } catch {
            throw .notXML(line: error.line, detail: error.message)
        }
        var reader = DocumentReader(fileName: fileName, isFontInstalled: isFontInstalled)
        let imported = try reader.read(document)
        let json = SpecWriter.write(imported, fileName: fileName, animation: animation)
        var warnings = reader.warnings
        let differences = try check(json: json, imported: imported, measurer: measurer, warnings: &warnings)
        return ImportResult(
            specJSON: json, warnings: warnings, frameDifferences: differences, fontMapping: reader.fontMapping)
    }

    /// Decodes the written spec, solves it with the measured label sizes and compares with IB's frames.
    private static func check(
        json: String, imported: ImportedDocument, measurer: TextMeasurer, warnings: inout [ImportWarning]
    ) throws(ImportError) -> [FrameDifference] {
        let spec: Spec
        do {
            spec = try Spec.decode(Array(json.utf8))
        } catch {
            // Never write a spec the tool rejects: name the view (or the root) and what is wrong.
            let index = Int(error.path.dropFirst("views[".count).prefix { $0.isNumber })
            let line =
                error.path.hasPrefix("views[")
                ? index.flatMap { imported.views.indices.contains($0) ? imported.views[$0].line : nil } : nil
            throw .unrepresentable(line: line ?? imported.rootLine, detail: "\(error.path): \(error.message)")
        }
        var sizes: [Int: IntrinsicSize] = [:]
        for view in spec.views where view.kind == .label {
            guard let text = view.texts[.idle] else { continue }
            do {
                sizes[view.tag] = try measurer.measure(text, view.font)
            } catch {
                let source = imported.views.first { $0.spec.tag == view.tag }
                warnings.append(
                    ImportWarning(
                        line: source?.line ?? imported.rootLine, element: source?.element ?? "<label>",
                        message: "cannot measure '\(text)' in \(view.font.pattern): \(error); frames not checked"))
                return []
            }
        }
        let layout: Layout
        do {
            layout = try LayoutSolver.solve(
                canvas: spec.canvas, views: spec.views, constraints: spec.constraints, intrinsicSizes: sizes)
        } catch {
            warnings.append(
                ImportWarning(
                    line: imported.rootLine, element: imported.rootElement,
                    message: "the imported layout does not solve (\(error)); frames not checked"))
            return []
        }
        var differences: [FrameDifference] = []
        for view in imported.views.sorted(by: { $0.spec.tag < $1.spec.tag }) {
            guard let stored = view.frame, let solved = layout.frames[view.spec.tag] else { continue }
            if !stored.isClose(to: solved) {
                differences.append(
                    FrameDifference(
                        tag: view.spec.tag, line: view.frameLine, interfaceBuilder: stored, solved: solved))
            }
        }
        return differences
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
    var element: String
    var line: Int
    /// The frame IB stored, and the line of its `<rect>`.
    var frame: Rect?
    var frameLine: Int
    /// The label's text, if any.
    var text: String?
    /// Whether the font and colours should be written (labels).
    var isLabel: Bool { spec.kind == .label }
}

/// A constraint as imported, with where it came from.
struct ImportedConstraint {
    var spec: ConstraintSpec
    var element: String
    var line: Int
}

struct ImportedDocument {
    var canvas: Canvas
    var rootElement: String
    var rootLine: Int
    var views: [ImportedView]
    var constraints: [ImportedConstraint]
}
