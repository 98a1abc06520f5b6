/// `"program": {"swift": "RefreshView.swift"}`: the spec's program is a team's own Swift code, run
/// by the UIKit binding at the command line's edge (the core reads no file and runs no code).
package struct SwiftProgramReference: Sendable, Equatable {
    /// The Swift files, as the spec writes them: relative to the spec's directory.
    package var files: [String]
    /// The class the scenario drives (`"class"`); nil: the one the code's shape says.
    package var className: String?
    /// Whether the scenario gives `workDuration`; without it the code ends refreshing itself.
    package var workDurationGiven = true

    package init(files: [String], className: String? = nil) {
        self.files = files
        self.className = className
    }
}

extension SpecDecoder {
    /// `{"swift": "A.swift" | ["A.swift", "B.swift"], "class": "RefreshView"}`.
    func decodeSwiftProgram(_ o: ObjectReader) throws(SpecDiagnostic) -> SwiftProgramReference {
        let filesReader = try o.required("swift")
        var files: [String] = []
        if case .array = filesReader.node.value {
            for r in try filesReader.array() { files.append(try swiftFile(r)) }
            guard !files.isEmpty else { throw filesReader.fail("expected at least one Swift file") }
        } else {
            files.append(try swiftFile(filesReader))
        }
        let className = try o.optional("class")?.string()
        try o.finish()
        return SwiftProgramReference(files: files, className: className)
    }

    private func swiftFile(_ r: ValueReader) throws(SpecDiagnostic) -> String {
        let path = try r.string()
        guard path.hasSuffix(".swift") else { throw r.fail("expected a path to a .swift file, got '\(path)'") }
        return path
    }
}

extension SpecSchema {
    /// The Swift form of `program`.
    static let swiftProgram: SchemaNode = [
        "type": "object",
        "description":
            "The team's own Swift code as the program (docs/swift-programs.md): run as UIKit would drive it through the scenario.",
        "properties": [
            "swift": [
                "description": "The Swift file, or files, relative to the spec.",
                "anyOf": [
                    ["type": "string", "pattern": "\\.swift$"],
                    ["type": "array", "items": ["type": "string", "pattern": "\\.swift$"], "minItems": 1],
                ],
            ],
            "class": [
                "type": "string",
                "description":
                    "The class to drive: a UIViewController, a UIRefreshControl subclass or a UIView with beginRefreshing(); by default the code's one such class.",
            ],
        ],
        "required": ["swift"],
        "additionalProperties": false,
    ]
}
