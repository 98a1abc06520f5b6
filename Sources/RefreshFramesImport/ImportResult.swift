import RefreshFramesCore

/// The animation program an imported spec carries, taken from one of the samples.
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

    public init(tag: Int, line: Int, interfaceBuilder: Rect, solved: Rect) {
        self.tag = tag
        self.line = line
        self.interfaceBuilder = interfaceBuilder
        self.solved = solved
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
    /// What the import would write does not decode as a spec (a value over a limit); `detail` says why.
    case unrepresentable(line: Int, detail: String)

    public var line: Int {
        switch self {
        case .notXML(let line, _), .notInterfaceBuilder(let line, _), .noRootView(let line, _),
            .noSubviews(let line), .tooManyViews(let line, _), .unrepresentable(let line, _):
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
        case .unrepresentable(_, let detail):
            "cannot be written as a valid spec: \(detail)"
        }
    }

    /// `FILE:LINE: error: message`, as the CLI prints it.
    public func formatted(file: String) -> String { "\(file):\(line): error: \(message)" }

    public var description: String { "\(line): \(message)" }
}
