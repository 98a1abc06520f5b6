import Testing

@testable import RefreshFramesCore

/// Buttons in a spec: their keys, UIKit's state fallbacks (`ButtonSpec.shown`), where image and
/// title go, and the program's `selected`/`enabled`/`highlighted` jumps.
struct ButtonTests {
    static func spec(_ views: String, program: String? = nil) -> String {
        minimalSpec(
            views: views, constraints: #"["1.centerX == superview.centerX", "1.centerY == superview.centerY"]"#,
            program: program)
    }

    @Test func aButtonsKeysAreRead() throws {
        let spec = try Spec.decode(
            Array(
                Self.spec(
                    #"[{"tag": 1, "kind": "button", "states": {"normal": {"title": "Go", "titleColor": "red", "image": "arrow", "backgroundImage": "bg.png"}, "disabled": {"image": "grey"}}, "highlighted": true, "selected": true, "enabled": false, "adjustsImageWhenHighlighted": false, "adjustsImageWhenDisabled": false, "contentHorizontalAlignment": "left", "contentEdgeInsets": [1, 2, 3, 4], "renderingMode": "alwaysTemplate"}]"#
                ).utf8))
        var expected = ButtonSpec()
        expected.states = [
            .normal: .init(
                title: "Go", titleColor: RGBA(red: 1, green: 0, blue: 0), image: "arrow", backgroundImage: "bg.png"),
            .disabled: .init(image: "grey"),
        ]
        (expected.isHighlighted, expected.isSelected, expected.isEnabled) = (true, true, false)
        (expected.adjustsImageWhenHighlighted, expected.adjustsImageWhenDisabled) = (false, false)
        expected.contentHorizontalAlignment = .left
        expected.contentEdgeInsets = [1, 2, 3, 4]
        expected.renderingMode = .alwaysTemplate
        #expect(spec.views[0].button == expected)
        #expect(spec.views[0].tintColor == .systemBlue)
        #expect(spec.views[0].button?.names == ["arrow", "bg.png", "grey"])
    }

    @Test(arguments: [
        (
            #"[{"tag": 1, "selected": true}]"#,
            "views[0].selected: 'selected' is a button's; this view's kind is 'label'"
        ),
        (
            #"[{"tag": 1, "kind": "button", "text": "x"}]"#,
            "views[0].text: a button's title is its states' 'title' (\"states\": {\"normal\": {\"title\": …}})"
        ),
        (
            #"[{"tag": 1, "kind": "button", "states": {"pressed": {}}}]"#,
            "views[0].states.pressed: unknown key 'pressed'; expected one of disabled, highlighted, normal, selected"
        ),
        (
            #"[{"tag": 1, "kind": "button", "states": {"normal": {"tint": "red"}}}]"#,
            "views[0].states.normal.tint: unknown key 'tint'; expected one of backgroundImage, image, title, titleColor"
        ),
        (
            #"[{"tag": 1, "kind": "button", "contentEdgeInsets": [1, 2]}]"#,
            "views[0].contentEdgeInsets: expected [top, left, bottom, right], got 2 numbers"
        ),
        (
            #"[{"tag": 1, "kind": "button", "contentMode": "center"}]"#,
            "views[0].contentMode: 'contentMode' is an image view's; this view's kind is 'button'"
        ),
    ])
    func refused(views: String, message: String) {
        let error = decodeError(Self.spec(views))
        #expect(error.map { "\($0.path): \($0.message)" }?.hasPrefix(message) == true, "\(String(describing: error))")
    }

    struct Case: Sendable, CustomStringConvertible {
        var what: String
        var highlighted = false
        var selected = false
        var enabled = true
        var image: String?
        var dimming = ShownButton.Dimming.none
        var title: String?
        var description: String { what }
    }

    /// Normal has a title and an image; highlighted its own title; selected its own image.
    static let button: ButtonSpec = {
        var b = ButtonSpec()
        b.states = [
            .normal: .init(title: "Pull", image: "n"), .highlighted: .init(title: "Let go"),
            .selected: .init(image: "s"),
        ]
        return b
    }()

    static let cases = [
        Case(what: "normal", image: "n", title: "Pull"),
        Case(
            what: "highlighted: own title, normal's image darkened", highlighted: true, image: "n",
            dimming: .highlighted, title: "Let go"),
        Case(what: "selected: own image, normal's title", selected: true, image: "s", title: "Pull"),
        Case(what: "disabled: normal's, at half alpha", enabled: false, image: "n", dimming: .disabled, title: "Pull"),
        Case(
            what: "selected and highlighted: no content of its own, normal's", highlighted: true, selected: true,
            image: "n", dimming: .highlighted, title: "Pull"),
        Case(
            what: "disabled and highlighted: disabled's adjustment wins", highlighted: true, enabled: false, image: "n",
            dimming: .disabled, title: "Pull"),
    ]

    @Test(arguments: cases) func whatAStateShows(_ c: Case) {
        let shown = Self.button.shown(highlighted: c.highlighted, selected: c.selected, enabled: c.enabled)
        #expect(shown.image == c.image)
        #expect(shown.imageDimming == c.dimming)
        #expect(shown.title == c.title)
        #expect(shown.titleColor == RGBA(white: 1))
    }

    /// A 4 × 2 image and a 10 × 6 title in a 30 × 20 button: the pair (14 wide) 8 in, each centred
    /// vertically; left and right alignments, and content insets.
    @Test func imageAndTitleRects() {
        var b = ButtonSpec()
        let image = IntrinsicSize(width: 4, height: 2)
        let title = IntrinsicSize(width: 10, height: 6)
        let bounds = IntrinsicSize(width: 30, height: 20)
        var rects = b.contentRects(image: image, title: title, bounds: bounds, scale: 2)
        #expect(rects.image == Rect(x: 8, y: 9, width: 4, height: 2))
        #expect(rects.title == Rect(x: 12, y: 7, width: 10, height: 6))
        b.contentHorizontalAlignment = .right
        b.contentEdgeInsets = [2, 0, 0, 3]
        rects = b.contentRects(image: image, title: title, bounds: bounds, scale: 2)
        #expect(rects.image == Rect(x: 13, y: 10, width: 4, height: 2))
        #expect(rects.title == Rect(x: 17, y: 8, width: 10, height: 6))
        b.contentHorizontalAlignment = .left
        rects = b.contentRects(image: image, title: nil, bounds: bounds, scale: 1)
        #expect(rects.image == Rect(x: 0, y: 10, width: 4, height: 2))
        #expect(b.intrinsicSize(image: image, title: title, background: nil) == IntrinsicSize(width: 17, height: 20))
        #expect(b.intrinsicSize(image: nil, title: nil, background: nil) == nil)
    }

    /// The program's `selected` and `enabled` jump at the block's start, even in a block with a
    /// duration, and `state` prints them where they differ from the spec's.
    @Test func theProgramsFlagsJump() throws {
        let spec = try Spec.decode(
            Array(
                minimalSpec(
                    views: #"[{"tag": 1, "kind": "button", "states": {"normal": {"title": "a"}}}]"#,
                    program:
                        #"{"cycle": [{"animate": {"views": [1], "duration": 1, "set": {"selected": true, "enabled": false, "alpha": 0.5}}}]}"#,
                    scenario: #"{"refreshAt": 0.5, "workDuration": 3}"#
                ).utf8))
        let timeline = try Timeline.make(spec: spec, now: 0, measurer: emMeasurer)
        let before = timeline.sample(at: 0.2)
        #expect(before.views[0].isSelected == false && before.views[0].isEnabled == true)
        let after = timeline.sample(at: 0.6)
        #expect(after.views[0].isSelected == true && after.views[0].isEnabled == false)
        let json = after.json
        #expect(json.contains(#""selected": true"#) && json.contains(#""enabled": false"#), "\(json)")
        #expect(!before.json.contains(#""selected""#))
        #expect(
            json.contains(
                ##""button": {"title": "a", "titleColor": "#FFFFFFFF", "image": null, "backgroundImage": null}"##),
            "\(json)")
    }
}
