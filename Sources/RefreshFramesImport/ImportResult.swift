import RefreshFramesCore

/// The animation program an imported spec carries, taken from one of the samples; where a sample
/// sets a colour back (black text, clear background), the import sets each view's own ("initial").
public enum ImportAnimation: String, Sendable, CaseIterable {
    /// samples/rotate-scale.json: each label rotates 45° with the next palette colour, then all scale.
    case rotateScale = "rotate-scale"
    /// samples/marquee.json: each label in turn scales with the next palette colour.
    case marquee
    /// samples/color-dots.json: each view takes the next palette colour as its background while rotating.
    case colorDots = "color-dots"
    /// No program and no palette.
    case none
}

/// What `XIBImporter.importDocument` made of an Interface Builder document.
public struct ImportResult: Sendable {
    /// The spec, pretty-printed with a stable key order; decodes with `Spec.decode`.
    public var specJSON: String
    /// Everything the spec could not represent, in document order.
    public var warnings: [ImportWarning]
    /// Views whose solved frame differs from the frame Interface Builder stored, in tag order.
    public var frameDifferences: [FrameDifference]
    /// Each font of the document once, with the installed font that stands in for it.
    public var fontMapping: [(from: String, to: String)]
    /// Which frames were solved and compared, and which were pinned or not compared.
    public var frameCheck = FrameCheck()

    /// What the comparison found, for `wrote x.json: …`; never says "match" of frames not compared.
    public var summary: String { frameCheck.summary }
}

/// The outcome of solving an imported layout and comparing it with IB's frames, by tag.
public struct FrameCheck: Sendable, Equatable {
    /// Solved, and equal to IB's frame.
    public var matching: [Int] = []
    /// Solved, and not IB's frame.
    public var differences: [FrameDifference] = []
    /// Undetermined by the document's constraints, so pinned to IB's frame.
    public var pinned: [Int] = []
    /// Solved, but IB stored no frame to compare with.
    public var notCompared: [Int] = []
    /// Why no frame was checked at all, if none was.
    public var notChecked: String? = nil

    public init() {}

    /// `3 frames solved and match Interface Builder's; 1 solved and differs (largest difference 0.5 pt,
    /// tag 4); 2 pinned to Interface Builder's frames (their layout does not solve)`.
    public var summary: String {
        if let notChecked { return "frames not checked: \(notChecked) (see the warnings)" }
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        var parts = [
            count(matching.count, "frame solved and matches", "frames solved and match") + " Interface Builder's"
        ]
        if let largest = differences.max(by: { $0.largestDelta < $1.largestDelta }) {
            parts.append(
                count(differences.count, "solved and differs", "solved and differ")
                    + " (largest difference \(formatNumber(largest.largestDelta)) pt, tag \(largest.tag))")
        }
        if !pinned.isEmpty {
            parts.append(
                count(pinned.count, "pinned to Interface Builder's frame", "pinned to Interface Builder's frames")
                    + " (the layout leaves \(pinned.count == 1 ? "it" : "them") undetermined)")
        }
        if !notCompared.isEmpty {
            parts.append(count(notCompared.count, "solved with no stored frame", "solved with no stored frames"))
        }
        return parts.joined(separator: "; ")
    }
}

/// Something in the document that the spec leaves out or approximates.
public struct ImportWarning: Sendable, Equatable, CustomStringConvertible {
    /// The line of the element's start tag.
    public var line: Int
    /// The element, e.g. `<button id="abc-12-xyz">`.
    public var element: String
    public var message: String

    public init(line: Int, element: String, message: String) {
        self.line = line
        self.element = element
        self.message = message
    }

    public var description: String { "\(line): \(element): \(message)" }
}

/// A view whose solved frame is not the one Interface Builder stored.
public struct FrameDifference: Sendable, Equatable {
    public var tag: Int
    /// The line of the view's `<rect key="frame">`.
    public var line: Int
    public var interfaceBuilder: Rect
    public var solved: Rect
    /// IB marks the view `misplaced`: its stored frame is not where its constraints put it (the
    /// file was saved without "Update Frames"), so the difference is the file's, not the import's.
    public var misplaced: Bool

    public init(tag: Int, line: Int, interfaceBuilder: Rect, solved: Rect, misplaced: Bool = false) {
        self.tag = tag
        self.line = line
        self.interfaceBuilder = interfaceBuilder
        self.solved = solved
        self.misplaced = misplaced
    }

    /// The largest difference of an edge or size, in points.
    public var largestDelta: Double {
        let a = interfaceBuilder
        let b = solved
        return [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height, a.maxX - b.maxX, a.maxY - b.maxY]
            .map(abs).max() ?? 0
    }
}

/// Why a file could not be imported at all.
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not well-formed XML.
    case notXML(line: Int, detail: String)
    /// Well-formed XML, but not an Interface Builder document; `found` is the root element.
    case notInterfaceBuilder(line: Int, found: String)
    /// An Interface Builder document without a view to import.
    case noRootView(line: Int, detail: String)
    /// The root view has no subviews, and a spec needs at least one view.
    case noSubviews(line: Int)
    /// The root view has more subviews than a spec may hold.
    case tooManyViews(line: Int, count: Int)

    public var line: Int {
        switch self {
        case .notXML(let line, _), .notInterfaceBuilder(let line, _), .noRootView(let line, _),
            .noSubviews(let line), .tooManyViews(let line, _):
            line
        }
    }

    public var message: String {
        switch self {
        case .notXML(_, let detail):
            "not an XML document (\(detail)); expected an Interface Builder .xib or .storyboard"
        case .notInterfaceBuilder(_, let found):
            "expected an Interface Builder document, <document type=\"\(XIBImporter.xibType)\"> or "
                + "<document type=\"\(XIBImporter.storyboardType)\">, found \(found)"
        case .noRootView(_, let detail):
            detail
        case .noSubviews:
            "the root view has no subviews; a spec needs at least one view"
        case .tooManyViews(_, let count):
            "the root view has \(count) subviews, over the limit views = \(Limits.views)"
        }
    }

    /// `FILE:LINE: error: message`, as the CLI prints it.
    public func formatted(file: String) -> String { "\(file):\(line): error: \(message)" }

    public var description: String { "\(line): \(message)" }
}
