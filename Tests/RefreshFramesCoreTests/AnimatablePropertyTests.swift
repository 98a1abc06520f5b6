import Foundation
import Testing

@testable import RefreshFramesCore

/// The property table is what every stage iterates: these check that each of them sees all of it.
@Suite struct AnimatablePropertyTests {
    @Test func namesAreUniqueAndTheSettableOnesFollowTheTable() {
        let names = AnimatableProperties.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(AnimatableProperties.settable.map(\.name) == AnimatableProperties.all.filter(\.isSettable).map(\.name))
        #expect(!AnimatableProperty.text.isSettable && AnimatableProperty.alpha.isSettable)
    }

    /// docs/spec.md's table of what `set` takes has a row for each settable property, in the table's order.
    @Test func theSpecDocumentsEverySettableProperty() throws {
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/spec.md"), encoding: .utf8)
        let table = try #require(docs.range(of: "`set` takes:\n\n| key | animates? | meaning |\n|---|---|---|\n"))
        let rows = docs[table.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix {
            $0.hasPrefix("|")
        }
        let keys = rows.map { $0.split(separator: "`")[1] }.map(String.init)
        #expect(keys == AnimatableProperties.settable.map(\.name))
    }

    /// The schema's `set` is the table's settable properties, in its order, then `frame` (which
    /// sets `center` and `bounds` together).
    @Test func theSchemasSetListsTheSettableProperties() throws {
        guard case .object(let members)? = SpecSchema.changes["properties"] else {
            Issue.record("the schema's changes have no properties")
            return
        }
        #expect(members.map(\.key) == AnimatableProperties.settable.map(\.name) + ["frame"])
    }

    /// Every property of a view has its track, and `state` prints each of the historical ones; the
    /// ones added since print only where the program changed them (none does in the samples).
    @Test func everyPropertyHasATrackAndItsFieldsInState() throws {
        let timeline = try sampleTimeline("color-dots")
        let state = timeline.sample(at: 1)
        let view = try #require(state.views.first)
        let tracks = try #require(timeline.tracks[view.tag])
        func check<P: AnyAnimatableProperty>(_ p: P) {
            #expect(tracks[p.property].name == p.name)
            #expect(tracks[p.property].value(at: 1) == view[keyPath: p.property.state])
            for field in p.property.stateFields(view[keyPath: p.property.state]) {
                if p.property.printsAlways {
                    #expect(state.json.contains("\"\(field.key)\": \(field.json)"), "state lacks \(field.key)")
                } else {
                    #expect(!state.json.contains("\"\(field.key)\""), "state prints the unchanged \(field.key)")
                }
            }
        }
        for p in AnimatableProperties.all { check(p) }
    }

    /// What a change animates on: a label's colours jump, a plain view's background animates.
    @Test(arguments: [
        ("transform", ViewKind.label, true), ("alpha", .label, true), ("backgroundColor", .label, false),
        ("backgroundColor", .view, true), ("textColor", .label, false), ("text", .label, false),
    ])
    func changesAnimateOnTheKindsUIKitAnimatesThemOn(_ name: String, _ kind: ViewKind, _ animates: Bool) throws {
        func animatesOn<P: AnyAnimatableProperty>(_ p: P) -> Bool { p.property.animates(kind) }
        let property = try #require(AnimatableProperties.all.first { $0.name == name })
        #expect(animatesOn(property) == animates)
    }

    @Test func changesAreEqualWhenTheySetTheSameValues() {
        var a = Changes()
        a[.alpha] = 0.5
        a[.textColor] = .nextPaletteColor
        var b = Changes()
        b[.textColor] = .nextPaletteColor
        #expect(a != b)
        b[.alpha] = 0.5
        #expect(a == b && a.takesPaletteColor && !b.isEmpty)
        b[.alpha] = 0.25
        #expect(a != b)
        #expect(b[.alpha] == 0.25 && b[.transform] == nil)
    }
}
