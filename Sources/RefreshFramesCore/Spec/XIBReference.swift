/// `"xib": "RefreshView.xib"` (or `{"file": "Main.storyboard", "scene": "Refresh"}`): the spec's
/// layout is the app's Interface Builder document, imported again at every load by the edge (the
/// core reads no file), so the spec always shows the xib as it is now.
///
/// The document gives the keys `refresh-frames import` writes from it: `views` and `constraints`
/// (which the spec then must not give), and `canvas`, `appearance`, `assets` and `outlets` unless the spec
/// gives its own.
package struct XIBReference: Sendable, Equatable {
    /// The .xib or .storyboard, as the spec writes it: relative to the spec's directory.
    package var file: String
    /// A storyboard's scene (as `import --scene`); nil for the first.
    package var scene: String?
    /// The spec's own canvas size, when it gives one: the document's root is laid out at that size
    /// (a root the size of the device's screen is then a control-sized view, with no safe area of
    /// the screen's), not at the size Interface Builder stored.
    package var canvasSize: Size? = nil

    package init(file: String, scene: String? = nil) {
        self.file = file
        self.scene = scene
    }

    /// The keys a document's import gives the spec.
    package static let layoutKeys = ["views", "constraints"]
    /// The keys it gives unless the spec has its own.
    package static let defaultedKeys = ["canvas", "appearance", "assets", "outlets"]
}

extension SpecDecoder {
    /// `"A.xib"` or `{"file": "A.storyboard", "scene": "Refresh"}`.
    func decodeXIB(_ r: ValueReader) throws(SpecDiagnostic) -> XIBReference {
        func file(_ r: ValueReader) throws(SpecDiagnostic) -> String {
            let path = try r.string()
            guard path.hasSuffix(".xib") || path.hasSuffix(".storyboard") else {
                throw r.fail("expected a path to a .xib or .storyboard file, got '\(path)'")
            }
            return path
        }
        guard case .object = r.node.value else { return XIBReference(file: try file(r)) }
        let o = try r.object()
        let reference = XIBReference(file: try file(o.required("file")), scene: try o.optional("scene")?.string())
        try o.finish()
        return reference
    }
}

extension SpecDocument {
    /// The spec's root with the layout its `"xib"` names put in: `layout` reads the document and
    /// returns the spec JSON its import writes. The keys taken from it are placed at the `"xib"`
    /// value, so a problem in them is reported at that line of the spec. Unchanged without `"xib"`.
    static func withLayout(
        _ root: JSONNode, layout: ((XIBReference) throws(SpecDiagnostic) -> [UInt8])?
    ) throws(SpecDiagnostic) -> JSONNode {
        guard case .object(var members) = root.value, let xib = members.first(where: { $0.key == "xib" }),
            !xib.value.isNull
        else { return root }
        let reader = ValueReader(node: xib.value, path: "xib")
        var reference = try SpecDecoder().decodeXIB(reader)
        reference.canvasSize = Self.canvasSize(members)
        for member in members where XIBReference.layoutKeys.contains(member.key) {
            throw SpecDiagnostic(
                path: member.key, location: member.keyLocation,
                message:
                    "the layout is read from '\(reference.file)' (\"xib\"), so the spec gives no '\(member.key)'; leave out one of the two"
            )
        }
        guard let layout else {
            throw reader.fail("the layout is an Interface Builder document, which only the command line reads")
        }
        let imported: JSONNode
        do {
            imported = try JSONParser.parse(try layout(reference))
        } catch let error as SpecDiagnostic {
            throw error
        } catch {
            throw reader.fail("the import of '\(reference.file)' wrote no spec (\(error))")
        }
        guard case .object(let importedMembers) = imported.value else { return root }
        for member in importedMembers {
            let taken =
                XIBReference.layoutKeys.contains(member.key)
                || (XIBReference.defaultedKeys.contains(member.key) && !members.contains { $0.key == member.key })
            guard taken else { continue }
            members.append(
                JSONNode.Member(
                    key: member.key, keyLocation: xib.value.location, value: member.value.placed(at: xib.value.location)
                ))
        }
        return JSONNode(.object(members), at: root.location)
    }
}

extension SpecDocument {
    /// The spec's `canvas` width and height, when it gives both as numbers a canvas may have; any
    /// other value is left to the decoder, which reports it at the spec's own `canvas`.
    static func canvasSize(_ members: [JSONNode.Member]) -> Size? {
        let size = 1.0...Limits.canvasPoints
        guard case .object(let canvas)? = members.first(where: { $0.key == "canvas" })?.value.value,
            case .number(let width)? = canvas.first(where: { $0.key == "width" })?.value.value,
            case .number(let height)? = canvas.first(where: { $0.key == "height" })?.value.value,
            size.contains(width), size.contains(height)
        else { return nil }
        return Size(width: width, height: height)
    }
}

extension JSONNode {
    var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The same value with every part of it located at `location`.
    func placed(at location: SourceLocation) -> JSONNode {
        switch value {
        case .array(let elements): JSONNode(.array(elements.map { $0.placed(at: location) }), at: location)
        case .object(let members):
            JSONNode(
                .object(
                    members.map { Member(key: $0.key, keyLocation: location, value: $0.value.placed(at: location)) }),
                at: location)
        default: JSONNode(value, at: location)
        }
    }
}

extension SpecSchema {
    /// `"xib"`.
    static let xib: SchemaNode = [
        "description":
            "The app's Interface Builder document, relative to the spec, imported again at every run: it gives the views and constraints (the spec then gives neither), and the canvas, appearance, assets and outlets unless the spec gives its own (docs/swift-programs.md).",
        "anyOf": [
            ["type": "string", "pattern": "\\.(xib|storyboard)$"],
            [
                "type": "object",
                "properties": [
                    "file": ["type": "string", "pattern": "\\.(xib|storyboard)$"],
                    "scene": [
                        "type": "string",
                        "description": "A storyboard's scene: its identifier, class or label, or its number.",
                    ],
                ],
                "required": ["file"],
                "additionalProperties": false,
            ],
        ],
    ]
}
