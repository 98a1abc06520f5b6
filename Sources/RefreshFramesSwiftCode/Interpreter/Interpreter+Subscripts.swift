/// The code's own `subscript` declarations (`subscript(safe index: Int) -> Element?` in an
/// `extension Array`, a struct's `subscript(i: Int)`): read as calls of their getters.
extension Interpreter {
    /// Extensions whose subscripts apply to an array, a dictionary or a string (as Swift's
    /// conformances make them).
    static let primitiveExtensionNames: [String: [String]] = [
        "array": [
            "Array", "Collection", "RandomAccessCollection", "BidirectionalCollection", "MutableCollection",
            "Sequence",
        ],
        "dictionary": ["Dictionary", "Collection", "Sequence"],
        "string": ["String", "StringProtocol", "BidirectionalCollection", "Collection", "Sequence"],
    ]

    /// The value of `value[arguments]` through a subscript the code declares, or nil when the code
    /// declares none that takes these labels (the built-in subscript then reads it). Labels the code's
    /// subscripts do not take are an error, not the built-in subscript with the label dropped.
    func declaredSubscript(
        of value: Value, _ arguments: [Argument], _ scope: Scope, _ frame: Frame, at location: CodeLocation
    ) throws(CodeDiagnostic) -> Value? {
        let (candidates, owner) = declaredSubscripts(of: value)
        let pending = pendingArguments(arguments, scope, frame)
        guard let (function, mapping) = select(candidates, pending, lenient: false) else {
            if arguments.contains(where: { $0.label != nil }) {
                let written = "[" + arguments.map { ($0.label ?? "_") + ":" }.joined() + "]"
                guard !candidates.isEmpty else {
                    throw .error(
                        at: location, "no subscript of \(describeType(value)) takes the arguments \(written)")
                }
                throw noMatch(candidates.map(\.signature), pending, at: location)
            }
            return nil
        }
        let values = try pending.evaluate(
            hints(mapping, function.parameters.map(parameterShape), pending.shapes.count))
        let declaring = programType(of: value).flatMap { self.owner(of: function, in: $0) } ?? owner
        return try invoke(function, receiver: value, owner: declaring, values: assemble(values, mapping), at: location)
            .result
    }

    /// The subscripts the code declares for `value`'s type, and the extension that holds them.
    private func declaredSubscripts(of value: Value) -> ([FunctionDecl], TypeInfo?) {
        if let info = programType(of: value) {
            let own = info.method("subscript")
            if !own.isEmpty { return (own, nil) }
        }
        let kind: String? =
            switch value {
            case .array: "array"
            case .dictionary: "dictionary"
            case .string: "string"
            default: nil
            }
        if let kind {
            for name in Self.primitiveExtensionNames[kind] ?? [] {
                if let ext = nativeExtensions[name], !ext.method("subscript").isEmpty {
                    return (ext.method("subscript"), ext)
                }
            }
            return ([], nil)
        }
        if let name = nativeTypeName(value), let ext = extensionMember("subscript", of: name) {
            return (ext.method("subscript"), ext)
        }
        return ([], nil)
    }
}
