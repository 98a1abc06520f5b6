import RefreshFramesCore

/// The animation program an imported spec carries, taken from one of the samples; where a sample
/// sets a colour back (black text, clear background), the import sets each view's own ("initial").
package enum ImportAnimation: String, Sendable, CaseIterable {
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
package struct ImportResult: Sendable {
    /// The spec, pretty-printed with a stable key order; decodes with `Spec.decode`.
    package var specJSON: String
    /// Everything the spec could not represent, in document order.
    package var warnings: [ImportWarning]
    /// Views whose solved frame differs from the frame Interface Builder stored, in tag order.
    package var frameDifferences: [FrameDifference]
    /// Each font of the document once, with the installed font that stands in for it.
    package var fontMapping: [(from: String, to: String)]
    /// Which frames were solved and compared, and which were pinned or not compared.
    package var frameCheck = FrameCheck()

    /// What the comparison found, for `wrote x.json: …`; never says "match" of frames not compared.
    package var summary: String { frameCheck.summary }
}

/// The outcome of solving an imported layout and comparing it with IB's frames, by tag.
package struct FrameCheck: Sendable, Equatable {
    /// Solved, and equal to IB's frame.
    package var matching: [Int] = []
    /// Solved, and not IB's frame.
    package var differences: [FrameDifference] = []
    /// Undetermined by the document's constraints, so pinned to IB's frame.
    package var pinned: [Int] = []
    /// Solved, but IB stored no frame to compare with.
    package var notCompared: [Int] = []
    /// Why no frame was checked at all, if none was.
    package var notChecked: String? = nil

    package init() {}

    /// `3 frames solved and match Interface Builder's; 1 solved and differs (largest difference 0.5 pt,
    /// tag 4); 2 pinned to Interface Builder's frames (their layout does not solve)`.
    package var summary: String {
        if let notChecked { return "frames not checked: \(notChecked) (see the warnings)" }
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        var parts = [
            count(matching.count, "frame solved and matches", "frames solved and match") + " Interface Builder's"
        ]
        let plain = differences.filter { !$0.isStale }
        if let largest = plain.max(by: { $0.largestDelta < $1.largestDelta }) {
            parts.append(
                count(plain.count, "solved and differs", "solved and differ")
                    + " (largest difference \(formatNumber(largest.largestDelta)) pt, tag \(largest.tag))")
        }
        let stale = differences.filter(\.isStale)
        if !stale.isEmpty {
            // IB's own frame is not where the document's constraints put the view: stale (edited without
            // "Update Frames"), or laid out by an Xcode that rounded it or gave its superview another size.
            parts.append(
                count(stale.count, "solved and differs", "solved and differ")
                    + " where IB's frame is off its constraints"
                    + (stale.contains { $0.follows != nil } ? " or follows one that is" : "") + " ("
                    + stale.map { "tag \($0.tag): \($0.staleReason)" }.joined(separator: ", ") + ")")
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
package struct ImportWarning: Sendable, Equatable, CustomStringConvertible {
    /// The line of the element's start tag.
    package var line: Int
    /// The element, e.g. `<button id="abc-12-xyz">`.
    package var element: String
    package var message: String

    package init(line: Int, element: String, message: String) {
        self.line = line
        self.element = element
        self.message = message
    }

    package var description: String { "\(line): \(element): \(message)" }
}

/// A view whose solved frame is not the one Interface Builder stored.
package struct FrameDifference: Sendable, Equatable {
    package var tag: Int
    /// The line of the view's `<rect key="frame">`.
    package var line: Int
    package var interfaceBuilder: Rect
    package var solved: Rect
    /// IB marks the view `misplaced`: its stored frame is not where its constraints put it (the
    /// file was saved without "Update Frames"), so the difference is the file's, not the import's.
    package var misplaced: Bool
    /// A required constraint of the document that IB's own stored frames do not satisfy (the file was
    /// edited without "Update Frames", or saved by an Xcode that rounded frames to whole points or
    /// laid a cell's views out for another content height): the stored frame is not UIKit's, so at
    /// least that much of the difference is the file's. Not looked for in a view marked misplaced.
    package var brokenConstraint: BrokenConstraint?
    /// A view whose stored frame is off its constraints, and the required constraint on `line` that
    /// ties this view to it and that IB's stored frames of the two satisfy: this frame agrees with
    /// a stale one, so it is stale with it.
    package var follows: (tag: Int, line: Int)?
    /// The sizes IB stored on the whole point above the solved, fractional one, in a document
    /// without `<device>` (Xcode 7 or earlier): `["height"]`. Said, not counted as stale.
    package var wholePoints: [String] = []
    /// The stored frame breaks `brokenConstraint` (and perhaps others), but putting those offsets
    /// right still leaves the view more than 0.5 pt from the solved frame: the stale part is not the whole difference (a
    /// label whose centre IB stored 0.5 off and whose width is the stand-in font's), so it is a
    /// plain difference. `StoredFrames.correctionLeavesWithin`.
    package var partlyStale = false
    /// An image view showing an SF Symbol: its constraints place its alignment rect, inset from its
    /// frame by the symbol's alignment insets, which are not known here (UIImage: "The
    /// alignmentRectInsets of a UIImage are used by UIImageView … for constraint-based layout").
    package var symbol = false

    package init(
        tag: Int, line: Int, interfaceBuilder: Rect, solved: Rect, misplaced: Bool = false,
        brokenConstraint: BrokenConstraint? = nil, follows: (tag: Int, line: Int)? = nil, wholePoints: [String] = []
    ) {
        self.tag = tag
        self.line = line
        self.interfaceBuilder = interfaceBuilder
        self.solved = solved
        self.misplaced = misplaced
        self.brokenConstraint = brokenConstraint
        self.follows = follows
        self.wholePoints = wholePoints
    }

    package static func == (a: FrameDifference, b: FrameDifference) -> Bool {
        a.tag == b.tag && a.line == b.line && a.interfaceBuilder == b.interfaceBuilder && a.solved == b.solved
            && a.misplaced == b.misplaced && a.brokenConstraint == b.brokenConstraint
            && a.follows?.tag == b.follows?.tag && a.follows?.line == b.follows?.line
            && a.wholePoints == b.wholePoints && a.partlyStale == b.partlyStale
    }

    /// Whether the difference is IB's stale frame: marked misplaced, breaking a constraint by as much
    /// as the whole difference (`partlyStale` false), or tied by one to a view whose frame is.
    package var isStale: Bool { misplaced || (brokenConstraint != nil && !partlyStale) || follows != nil }

    /// Why, for the summary: `IB's stored frame is marked misplaced`.
    package var staleReason: String {
        if misplaced { return "IB's stored frame is marked misplaced" }
        if let broken = brokenConstraint { return "IB's stored frames break the constraint on line \(broken.line)" }
        guard let follows else { return "" }
        return "IB's frame follows tag \(follows.tag)'s by the constraint on line \(follows.line)"
    }

    /// The largest difference of an edge or size, in points.
    package var largestDelta: Double {
        let a = interfaceBuilder
        let b = solved
        return [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height, a.maxX - b.maxX, a.maxY - b.maxY]
            .map(abs).max() ?? 0
    }
}

/// A constraint that the frames IB stored do not satisfy, with the two sides as those frames give them.
package struct BrokenConstraint: Sendable, Equatable {
    /// The line of the `<constraint>`.
    package var line: Int
    /// The first item's attribute (`centerX`), its value from IB's frames, and what the constraint
    /// makes of the second item's (`multiplier × attribute + constant`), in the root view's coordinates.
    package var attribute: String
    package var stored: Double
    package var expected: Double
    /// The checked view's own attribute in the constraint (its first item's, or its second's when it
    /// is the second item) and how far that attribute of its stored frame would move to satisfy the
    /// constraint, the other item staying where IB stored it.
    package var ownAttribute: String
    package var ownOffset: Double

    package init(
        line: Int, attribute: String, stored: Double, expected: Double, ownAttribute: String? = nil,
        ownOffset: Double? = nil
    ) {
        self.line = line
        self.attribute = attribute
        self.stored = stored
        self.expected = expected
        self.ownAttribute = ownAttribute ?? attribute
        self.ownOffset = ownOffset ?? expected - stored
    }
}

/// Why a file could not be imported at all.
package enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
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
    /// What the import would write does not decode as a spec (a value over a limit); `detail` says why.
    case unrepresentable(line: Int, detail: String)

    package var line: Int {
        switch self {
        case .notXML(let line, _), .notInterfaceBuilder(let line, _), .noRootView(let line, _),
            .noSubviews(let line), .tooManyViews(let line, _), .unrepresentable(let line, _):
            line
        }
    }

    package var message: String {
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
        case .unrepresentable(_, let detail):
            "cannot be written as a valid spec: \(detail)"
        }
    }

    /// `FILE:LINE: error: message`, as the CLI prints it.
    package func formatted(file: String) -> String { "\(file):\(line): error: \(message)" }

    package var description: String { "\(line): \(message)" }
}
