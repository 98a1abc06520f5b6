/// One kind of view (`"kind"` in a spec) with what every stage needs to know about it: its name,
/// how messages call it, its own keys (their decoder and JSON Schema), its UIKit class and
/// variable name for the Swift generator, and the Interface Builder elements the importer makes it
/// from. Every list of kinds — the decoder, the schema, the Swift generator, the importer — looks
/// kinds up in `ViewKind.all`, so a new kind is an entry below, its line in `all` and its drawing
/// (a file of the renderer's, as `FrameRenderer+Buttons.swift`; docs/architecture.md counts the edits).
package struct ViewKind: Sendable {
    /// Its `"kind"` in a spec (`label`, `image`).
    package let name: String
    /// How messages name a view of it: "a label", "an image view".
    package let noun: String
    /// What the schema's `kind` says it is ("UILabel, the default").
    let summary: String
    /// The class the Swift generator declares its views with (`UILabel`).
    package let uikitClass: String
    /// The generated code's variable names: `label1`, `imageView2`.
    package let swiftName: String
    /// Interface Builder's elements the importer reads as this kind (`<label>`).
    package let xibElements: [String]
    /// Whether it has an intrinsic content size (its text's, its image's point size), which the
    /// layout holds with its hugging and compression resistance.
    package let hasIntrinsicSize: Bool
    /// The keys only views of this kind take and their schema, in the order the decoder reads them.
    let schema: [(String, SchemaNode)]
    /// Keys it takes that another kind's `schema` describes (a button's `highlighted` is an image view's too).
    var sharedKeys: [String] = []
    /// Reads its keys into the view, after every view's keys; refuses what it cannot show.
    let decode: @Sendable (SpecDecoder, ObjectReader, inout ViewSpec) throws(SpecDiagnostic) -> Void

    /// The keys only views of this kind (and of kinds sharing them) take.
    var keys: [String] { schema.map(\.0) + sharedKeys }
}

extension ViewKind {
    /// Every kind, in the order the schema lists them and their keys.
    package static let all: [ViewKind] = [.label, .view, .spinner, .stack, .image, .button]

    /// The kind whose `xibElements` hold `element`.
    package static func kind(xibElement element: String) -> ViewKind? {
        all.first { $0.xibElements.contains(element) }
    }
}

extension ViewKind: RawRepresentable, CaseIterable, Hashable {
    package var rawValue: String { name }
    package init?(rawValue: String) {
        guard let kind = Self.all.first(where: { $0.name == rawValue }) else { return nil }
        self = kind
    }
    package static var allCases: [ViewKind] { all }
    package static func == (a: ViewKind, b: ViewKind) -> Bool { a.name == b.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension ViewKind {
    /// A UILabel: text drawn centred in its bounds; textColor and backgroundColor change instantly.
    package static let label = ViewKind(
        name: "label", noun: "a label", summary: "UILabel, the default", uikitClass: "UILabel", swiftName: "label",
        xibElements: ["label"], hasIntrinsicSize: true, schema: SpecSchema.labelLineProperties
    ) { d, o, view throws(SpecDiagnostic) in view.lines = try d.decodeLines(o) }

    /// A plain UIView: backgroundColor animates.
    package static let view = ViewKind(
        name: "view", noun: "a plain view", summary: "plain UIView", uikitClass: "UIView", swiftName: "view",
        xibElements: ["view"], hasIntrinsicSize: false, schema: []
    ) { _, o, view throws(SpecDiagnostic) in try refuseText(o, view) }

    /// UIRefreshControl's stock activity spinner: spokes appear with the pull, then rotate; with
    /// `"revealsWithPull": false`, a `UIActivityIndicatorView` of the control's own.
    package static let spinner = ViewKind(
        name: "spinner", noun: "a spinner", summary: "UIRefreshControl's stock spinner",
        uikitClass: "UIActivityIndicatorView", swiftName: "spinner", xibElements: ["activityIndicatorView"],
        hasIntrinsicSize: true, schema: SpecSchema.spinnerProperties
    ) { _, o, view throws(SpecDiagnostic) in
        if let r = o.optional("revealsWithPull") { view.revealsWithPull = try r.bool() }
    }

    /// A UIStackView: lays out the views whose `superview` it is (its arranged views); draws nothing
    /// of its own but its background colour.
    package static let stack = ViewKind(
        name: "stack", noun: "a stack view", summary: "UIStackView: lays out its subviews", uikitClass: "UIStackView",
        swiftName: "stack", xibElements: ["stackView"], hasIntrinsicSize: false, schema: SpecSchema.stackProperties
    ) { d, o, view throws(SpecDiagnostic) in
        try refuseText(o, view)
        view.stack = try d.decodeStack(o)
    }

    /// A UIImageView: its image placed by its content mode, or a frame sequence.
    package static let image = ViewKind(
        name: "image", noun: "an image view", summary: "UIImageView", uikitClass: "UIImageView",
        swiftName: "imageView", xibElements: ["imageView"], hasIntrinsicSize: true,
        schema: SpecSchema.imageViewProperties
    ) { d, o, view throws(SpecDiagnostic) in
        try refuseText(o, view)
        view.imageView = try d.decodeImageView(o)
    }

    /// A custom UIButton: its background image, image and title for its control state.
    package static let button = ViewKind(
        name: "button", noun: "a button", summary: "a custom UIButton", uikitClass: "UIButton", swiftName: "button",
        xibElements: ["button"], hasIntrinsicSize: true, schema: SpecSchema.buttonProperties,
        sharedKeys: ["highlighted", "renderingMode"]
    ) { d, o, view throws(SpecDiagnostic) in view.button = try d.decodeButton(o) }

    /// A view that shows no text refuses a `text` key.
    private static func refuseText(_ o: ObjectReader, _ view: ViewSpec) throws(SpecDiagnostic) {
        guard let t = o.optional("text") else { return }
        throw t.fail("\(view.kind.noun) has no text; use \"kind\": \"label\"")
    }
}
