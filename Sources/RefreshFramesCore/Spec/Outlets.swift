/// `"outlets": {"contentView": "root", "labels": [2, 3, 4], "badge": 5, "top": {"constraint": "top"}}`:
/// the `@IBOutlet`s of the app's code that a view's `"name"` cannot give: the nib's root view (a
/// File's Owner's `contentView`), an outlet collection (its views in the collection's order), a
/// second outlet to a view that already has a name, and an `NSLayoutConstraint` (by its `"id"`).
/// A Swift program's nib root, `loadNibNamed(_:owner:)`'s owner and the driven view controller are
/// connected to them as UIKit connects the nib's outlets.
package struct Outlet: Sendable, Equatable {
    package enum Target: Sendable, Equatable {
        /// The nib's root view: the canvas.
        case root
        case view(Int)
        /// An outlet collection, in its order.
        case views([Int])
        /// The spec's constraint with this `"id"`.
        case constraint(String)
    }

    package var name: String
    package var target: Target

    package init(name: String, target: Target) {
        self.name = name
        self.target = target
    }
}

extension SpecDecoder {
    /// The `outlets` object: each key a Swift identifier no view is named for, each value `"root"`,
    /// a view's tag, a non-empty list of distinct tags or `{"constraint": id}`.
    func decodeOutlets(_ r: ValueReader, views: [ViewSpec], constraintIDs: Set<String>) throws(SpecDiagnostic)
        -> [Outlet]
    {
        let o = try r.object()
        guard o.members.count <= Limits.views else {
            throw r.fail("\(o.members.count) outlets is over the limit views = \(Limits.views)")
        }
        let tags = Set(views.map(\.tag))
        var outlets: [Outlet] = []
        for member in o.members {
            let name = member.key
            guard let value = o.optional(name) else { continue }
            guard name.isASCIIIdentifier else {
                throw SpecDiagnostic(
                    path: value.path, location: member.keyLocation,
                    message:
                        "'\(name)' is not a Swift property name; expected a letter or '_', then letters, digits or '_'")
            }
            if let named = views.first(where: { $0.name == name }) {
                throw SpecDiagnostic(
                    path: value.path, location: member.keyLocation,
                    message:
                        "view \(named.tag) is named '\(name)', which connects that outlet already; give this one another name"
                )
            }
            func tag(_ r: ValueReader) throws(SpecDiagnostic) -> Int {
                let tag = try r.integer(in: 1...1_000_000)
                guard tags.contains(tag) else { throw r.fail("no view has tag \(tag)") }
                return tag
            }
            let target: Outlet.Target
            if value.isString {
                guard try value.string() == "root" else {
                    throw value.fail(
                        "expected \"root\" (the nib's root view), a view's tag, a list of tags or {\"constraint\": id}")
                }
                target = .root
            } else if case .object = value.node.value {
                let c = try value.object()
                let idReader = try c.required("constraint")
                let id = try idReader.string()
                guard constraintIDs.contains(id) else {
                    throw idReader.fail("no constraint has id '\(id)' (a constraint object's \"id\")")
                }
                try c.finish()
                target = .constraint(id)
            } else if case .array = value.node.value {
                var list: [Int] = []
                for item in try value.array() {
                    let t = try tag(item)
                    guard !list.contains(t) else { throw item.fail("view \(t) is in the collection twice") }
                    list.append(t)
                }
                guard !list.isEmpty else { throw value.fail("expected at least one tag in an outlet collection") }
                target = .views(list)
            } else {
                target = .view(try tag(value))
            }
            outlets.append(Outlet(name: name, target: target))
        }
        return outlets
    }
}

extension SpecSchema {
    static let outlets: SchemaNode = [
        "type": "object",
        "description":
            "The code's @IBOutlets that a view's name cannot give (docs/swift-programs.md): \"root\" for the nib's root view (a File's Owner's contentView), a list of tags for an outlet collection, in its order, a tag for a second outlet to a named view, or {\"constraint\": id} for an NSLayoutConstraint.",
        "propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_]*$"],
        "additionalProperties": [
            "anyOf": [
                ["const": "root"],
                ["type": "integer", "minimum": 1, "maximum": 1_000_000],
                [
                    "type": "array", "items": ["type": "integer", "minimum": 1, "maximum": 1_000_000],
                    "minItems": 1, "uniqueItems": true,
                ],
                [
                    "type": "object", "properties": ["constraint": ["type": "string", "minLength": 1]],
                    "required": ["constraint"], "additionalProperties": false,
                ],
            ]
        ],
    ]
}
