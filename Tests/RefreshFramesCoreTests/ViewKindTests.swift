import Foundation
import Testing

@testable import RefreshFramesCore

/// The view-kind table is what the decoder, the schema, the Swift generator and the importer look
/// kinds up in: these check that each of them sees all of it.
@Suite struct ViewKindTests {
    @Test func namesClassesAndElementsAreUnique() {
        for names in [ViewKind.all.map(\.name), ViewKind.all.map(\.uikitClass), ViewKind.all.flatMap(\.xibElements)] {
            #expect(Set(names).count == names.count, "\(names)")
        }
        #expect(ViewKind.allCases == ViewKind.all)
        #expect(ViewKind.all.allSatisfy { ViewKind(rawValue: $0.name) == $0 })
        #expect(ViewKind.kind(xibElement: "activityIndicatorView") == .spinner)
        #expect(ViewKind.kind(xibElement: "switch") == nil)
    }

    /// The schema's view lists each kind's keys, and its `kind` each kind's name.
    @Test func theSchemaDescribesEveryKindAndItsKeys() throws {
        guard case .object(let members)? = SpecSchema.view["properties"] else {
            Issue.record("the view schema has no properties")
            return
        }
        let keys = Set(members.map(\.key))
        for kind in ViewKind.all {
            #expect(kind.keys.allSatisfy(keys.contains), "\(kind.name): \(kind.keys)")
        }
        #expect(SpecSchema.view["properties"]?["kind"]?["enum"] == .strings(ViewKind.all.map(\.name)))
    }

    /// docs/spec.md's `kind` row names every kind.
    @Test func theSpecDocumentsEveryKind() throws {
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/spec.md"), encoding: .utf8)
        let row = try #require(docs.split(separator: "\n").first { $0.hasPrefix("| `kind` |") })
        for kind in ViewKind.all { #expect(row.contains("`\(kind.name)` ("), "\(kind.name)") }
    }

    /// A key of one kind on a view of another is refused, naming the kind it belongs to; a key two
    /// kinds share (a button's `highlighted` is an image view's too) is taken by both.
    @Test(arguments: ViewKind.all)
    func anotherKindsKeyIsRefused(kind: ViewKind) {
        let others = ViewKind.all.filter { $0 != kind }
        for key in others.flatMap(\.keys) where !kind.keys.contains(key) {
            let owner = others.first { $0.keys.contains(key) }!
            let views = #"[{"tag": 1, "kind": "\#(kind.name)", "\#(key)": 1}]"#
            let error = decodeError(minimalSpec(views: views))
            #expect(error?.path == "views[0].\(key)")
            #expect(error?.message == "'\(key)' is \(owner.noun)'s; this view's kind is '\(kind.name)'")
        }
    }
}

extension ViewKind: CustomTestStringConvertible {
    public var testDescription: String { name }
}
