extension JSONNode {
    /// The location of the value at a diagnostic path such as `views[2].constraints[0].toItem`.
    package func locate(_ path: String) -> SourceLocation? {
        var node = self
        var rest = Substring(path)
        while !rest.isEmpty {
            if rest.hasPrefix(".") { rest = rest.dropFirst() }
            if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]"),
                    let i = Int(rest[rest.index(after: rest.startIndex)..<close]),
                    case .array(let elements) = node.value, elements.indices.contains(i)
                else { return node.location }
                node = elements[i]
                rest = rest[rest.index(after: close)...]
                continue
            }
            let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            let key = String(rest[..<end])
            guard case .object(let members) = node.value, let m = members.first(where: { $0.key == key }) else {
                return node.location
            }
            node = m.value
            rest = rest[end...]
        }
        return node.location
    }
}
