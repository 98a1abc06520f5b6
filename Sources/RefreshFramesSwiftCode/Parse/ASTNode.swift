import Foundation

/// One object of swiftc's JSON dump: `_kind` and its fields.
struct ASTNode {
    let fields: [String: Any]

    init?(_ value: Any?) {
        guard let fields = value as? [String: Any] else { return nil }
        self.fields = fields
    }

    /// The whole dump (a `source_file`).
    static func parse(_ json: [UInt8]) -> ASTNode? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json)) else { return nil }
        return ASTNode(object)
    }

    var kind: String { fields["_kind"] as? String ?? "" }

    func node(_ key: String) -> ASTNode? {
        guard let child = ASTNode(fields[key]), child.kind != "<null expr>" else { return nil }
        return child
    }

    func nodes(_ key: String) -> [ASTNode] { (fields[key] as? [Any] ?? []).compactMap(ASTNode.init) }

    func string(_ key: String) -> String? { fields[key] as? String }

    func strings(_ key: String) -> [String] { fields[key] as? [String] ?? [] }

    func flag(_ key: String) -> Bool { (fields[key] as? Bool) ?? ((fields[key] as? NSNumber)?.boolValue ?? false) }

    var isImplicit: Bool { flag("implicit") }

    /// The byte range swiftc gives declarations and statements (the end is the last token's start).
    var range: (start: Int, end: Int)? {
        guard let r = fields["range"] as? [String: Any], let start = (r["start"] as? NSNumber)?.intValue,
            let end = (r["end"] as? NSNumber)?.intValue
        else { return nil }
        return (start, end)
    }

    /// `name.base_name.name` (or its `special` spelling, `init`), and the argument labels.
    var declName: (base: String, labels: [String])? {
        guard let name = node("name"), let base = name.node("base_name") else { return nil }
        return (base.string("name") ?? base.string("special") ?? "", name.strings("args"))
    }

    /// The attribute kinds on a declaration (`override_attr`, `lazy_attr`, …).
    var attributes: Set<String> { Set(nodes("attrs").map(\.kind)) }
}
