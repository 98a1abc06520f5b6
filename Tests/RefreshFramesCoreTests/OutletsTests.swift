import RefreshFramesCore
import Testing

/// `"outlets"`: the code's outlets a view's `name` cannot give, each at its own key.
@Suite struct OutletsTests {
    static let views = #"[{"tag": 1, "text": "R", "name": "first"}, {"tag": 2, "text": "E"}, {"tag": 3, "text": "F"}]"#

    static func spec(_ outlets: String) -> String {
        minimalSpec(
            views: views,
            constraints: #"[{"item": 1, "attribute": "top", "toItem": "superview", "constant": 5, "id": "top"}]"#,
            extra: "\"outlets\": \(outlets),\n")
    }

    @Test func theRootACollectionInItsOrderAndASecondOutletDecode() throws {
        let spec = try Spec.decode(
            Array(
                Self.spec(#"{"contentView": "root", "letters": [3, 1, 2], "title": 1, "gap": {"constraint": "top"}}"#)
                    .utf8))
        #expect(
            spec.outlets == [
                Outlet(name: "contentView", target: .root), Outlet(name: "letters", target: .views([3, 1, 2])),
                Outlet(name: "title", target: .view(1)), Outlet(name: "gap", target: .constraint("top")),
            ])
        #expect(try Spec.decode(Array(minimalSpec().utf8)).outlets.isEmpty)
    }

    @Test(arguments: [
        (#"{"letters": [1, 9]}"#, "outlets.letters[1]", "no view has tag 9"),
        (#"{"letters": [1, 2, 1]}"#, "outlets.letters[2]", "view 1 is in the collection twice"),
        (#"{"letters": []}"#, "outlets.letters", "expected at least one tag in an outlet collection"),
        (
            #"{"contentView": "superview"}"#, "outlets.contentView",
            #"expected "root" (the nib's root view), a view's tag, a list of tags or {"constraint": id}"#
        ),
        (
            #"{"first": 2}"#, "outlets.first",
            "view 1 is named 'first', which connects that outlet already; give this one another name"
        ),
        (
            #"{"café": 2}"#, "outlets.café",
            "'café' is not a Swift property name; expected a letter or '_', then letters, digits or '_'"
        ),
        (#"{"title": 0}"#, "outlets.title", "expected an integer from 1 to 1000000, got 0"),
        (
            #"{"gap": {"constraint": "bottom"}}"#, "outlets.gap.constraint",
            #"no constraint has id 'bottom' (a constraint object's "id")"#
        ),
    ])
    func mistakesAreNamedAtTheirKey(outlets: String, path: String, message: String) {
        let error = decodeError(Self.spec(outlets))
        #expect(error?.path == path)
        #expect(error?.message == message, "\(String(describing: error))")
    }
}
