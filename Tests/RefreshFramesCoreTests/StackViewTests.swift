import Testing

@testable import RefreshFramesCore

/// Labels 1, 2, 3 with intrinsic sizes 40 × 20, 60 × 30 and 100 × 10 (4 and 5: 30 × 14, 50 × 10).
private let intrinsic: [Int: IntrinsicSize] = [
    1: IntrinsicSize(width: 40, height: 20), 2: IntrinsicSize(width: 60, height: 30),
    3: IntrinsicSize(width: 100, height: 10), 4: IntrinsicSize(width: 30, height: 14),
    5: IntrinsicSize(width: 50, height: 10),
]

/// A 375 × 60 control with stack view 10 (its keys: `stack`) pinned 20 from the sides and 10 from
/// the top and bottom (335 × 40), arranged labels 1, 2, 3 (`labels` adds keys to each).
private func stackFrames(
    _ stack: String, labels: [String] = ["", "", ""], pins: [String]? = nil, more: String = ""
) throws -> String {
    let views = labels.enumerated().map { #"{"tag": \#($0 + 1), "superview": 10\#($1)}"# }
    let pinned =
        pins ?? [
            #""10.leading == superview.leading + 20""#, #""10.trailing == superview.trailing - 20""#,
            #""10.top == superview.top + 10""#, #""10.bottom == superview.bottom - 10""#,
        ]
    let json = """
        {"canvas": {"width": 375, "height": 60},
         "views": [{"tag": 10, "kind": "stack"\(stack)}, \(views.joined(separator: ", "))\(more)],
         "constraints": [\(pinned.joined(separator: ", "))],
         "scenario": {"refreshAt": 0, "workDuration": 1}}
        """
    let spec = try Spec.decode(Array(json.utf8))
    return try LayoutSolver.solve(
        canvas: spec.canvas, views: spec.views, constraints: spec.constraints, intrinsicSizes: intrinsic
    ).dump
}

@Suite struct StackViewTests {
    /// Frames (in the stack's coordinates) worked out from Apple's documentation of each
    /// `UIStackView.Distribution`: 335 points, spacing 10, intrinsic widths 40, 60, 100.
    @Test(arguments: [
        // fill: the spare 115 points go to the view with the lowest hugging; on a tie, the last.
        (
            #", "spacing": 10"#, ["", "", ""],
            "tag 1: x=0 y=0 w=40 h=40\ntag 2: x=50 y=0 w=60 h=40\ntag 3: x=120 y=0 w=215 h=40"
        ),
        (
            #", "spacing": 10"#, ["", #", "huggingPriority": 250"#, ""],
            "tag 1: x=0 y=0 w=40 h=40\ntag 2: x=50 y=0 w=175 h=40\ntag 3: x=235 y=0 w=100 h=40"
        ),
        // fillEqually: (335 - 2 × 10) / 3 each.
        (
            #", "spacing": 10, "distribution": "fillEqually""#, ["", "", ""],
            "tag 1: x=0 y=0 w=105 h=40\ntag 2: x=115 y=0 w=105 h=40\ntag 3: x=230 y=0 w=105 h=40"
        ),
        // fillProportionally: 315 points shared 40 : 60 : 100.
        (
            #", "spacing": 10, "distribution": "fillProportionally""#, ["", "", ""],
            "tag 1: x=0 y=0 w=63 h=40\ntag 2: x=73 y=0 w=94.5 h=40\ntag 3: x=177.5 y=0 w=157.5 h=40"
        ),
        // equalSpacing: intrinsic widths, the 135 spare points in two equal gaps.
        (
            #", "spacing": 10, "distribution": "equalSpacing""#, ["", "", ""],
            "tag 1: x=0 y=0 w=40 h=40\ntag 2: x=107.5 y=0 w=60 h=40\ntag 3: x=235 y=0 w=100 h=40"
        ),
        // equalCentering: centres at 20, 152.5 and 285.
        (
            #", "spacing": 10, "distribution": "equalCentering""#, ["", "", ""],
            "tag 1: x=0 y=0 w=40 h=40\ntag 2: x=122.5 y=0 w=60 h=40\ntag 3: x=235 y=0 w=100 h=40"
        ),
        // spacingAfter (setCustomSpacing(4, after: label 1)).
        (
            #", "spacing": 10"#, [#", "spacingAfter": 4"#, "", ""],
            "tag 1: x=0 y=0 w=40 h=40\ntag 2: x=44 y=0 w=60 h=40\ntag 3: x=114 y=0 w=221 h=40"
        ),
        // A hidden arranged view takes no space and no spacing; it is 0 wide where it would start.
        (
            #", "spacing": 10"#, ["", #", "hidden": true"#, ""],
            "tag 1: x=0 y=0 w=40 h=40\ntag 2: x=40 y=0 w=0 h=40\ntag 3: x=50 y=0 w=285 h=40"
        ),
        (
            #", "spacing": 10, "distribution": "equalSpacing""#, ["", #", "hidden": true"#, ""],
            "tag 1: x=0 y=0 w=40 h=40\ntag 2: x=40 y=0 w=0 h=40\ntag 3: x=235 y=0 w=100 h=40"
        ),
        // Alignments across the axis (intrinsic heights 20, 30, 10 in 40 points).
        (
            #", "spacing": 10, "alignment": "top""#, ["", "", ""],
            "tag 1: x=0 y=0 w=40 h=20\ntag 2: x=50 y=0 w=60 h=30\ntag 3: x=120 y=0 w=215 h=10"
        ),
        (
            #", "spacing": 10, "alignment": "center""#, ["", "", ""],
            "tag 1: x=0 y=10 w=40 h=20\ntag 2: x=50 y=5 w=60 h=30\ntag 3: x=120 y=15 w=215 h=10"
        ),
        (
            #", "spacing": 10, "alignment": "bottom""#, ["", "", ""],
            "tag 1: x=0 y=20 w=40 h=20\ntag 2: x=50 y=10 w=60 h=30\ntag 3: x=120 y=30 w=215 h=10"
        ),
        // Inside the layout margins (top, left, bottom, right).
        (
            #", "spacing": 10, "isLayoutMarginsRelativeArrangement": true, "layoutMargins": [5, 10, 5, 10]"#,
            ["", "", ""], "tag 1: x=10 y=5 w=40 h=30\ntag 2: x=60 y=5 w=60 h=30\ntag 3: x=130 y=5 w=195 h=30"
        ),
        // Vertical: (40 - 4) / 2 each, leading-aligned at the intrinsic widths.
        (
            #", "axis": "vertical", "spacing": 4, "distribution": "fillEqually", "alignment": "leading""#, ["", ""],
            "tag 1: x=0 y=0 w=40 h=18\ntag 2: x=0 y=22 w=60 h=18"
        ),
    ])
    func arrangedViewsAreLaidOutAsUIKitDocuments(stack: String, labels: [String], expected: String) throws {
        let frames = try stackFrames(stack, labels: labels)
        #expect(frames == expected + "\ntag 10: x=20 y=10 w=335 h=40")
    }

    /// A vertical stack (11: labels 4 and 5, centred, spacing 2) nested in a horizontal one that only
    /// its leading edge and height pin: each stack is as long as its content.
    @Test func nestedStacksFitTheirContent() throws {
        let frames = try stackFrames(
            #", "spacing": 10, "alignment": "center""#, labels: [""],
            pins: [#""10.leading == superview.leading + 20""#, #""V:|-10-[v10]-10-|""#],
            more:
                #", {"tag": 11, "kind": "stack", "superview": 10, "axis": "vertical", "spacing": 2, "alignment": "center"}, {"tag": 4, "superview": 11}, {"tag": 5, "superview": 11}"#
        )
        #expect(
            frames == """
                tag 1: x=0 y=10 w=40 h=20
                tag 4: x=10 y=0 w=30 h=14
                tag 5: x=0 y=16 w=50 h=10
                tag 10: x=20 y=10 w=100 h=40
                tag 11: x=50 y=7 w=50 h=26
                """)
    }

    /// `|` in a visual format is the superview of the views in it: here view 20, not the control.
    @Test func visualFormatEdgesAreTheViewsSuperview() throws {
        let json = """
            {"canvas": {"width": 375, "height": 60},
             "views": [{"tag": 20, "kind": "view"}, {"tag": 21, "kind": "view", "superview": 20}],
             "constraints": ["H:|-20-[v20(100)]", "V:|-10-[v20(40)]", "H:|-[v21]-|", "V:|[v21]|"],
             "scenario": {"refreshAt": 0, "workDuration": 1}}
            """
        let spec = try Spec.decode(Array(json.utf8))
        let layout = try LayoutSolver.solve(
            canvas: spec.canvas, views: spec.views, constraints: spec.constraints, intrinsicSizes: [:])
        #expect(layout.dump == "tag 20: x=20 y=10 w=100 h=40\ntag 21: x=8 y=0 w=84 h=40")
    }

    @Test(arguments: [
        (
            #"{"tag": 1, "kind": "view", "axis": "vertical"}"#, "views[0].axis",
            "'axis' is a stack view's; this view's kind is 'view'"
        ),
        (
            #"{"tag": 1, "kind": "stack", "alignment": "firstBaseline"}"#, "views[0].alignment",
            "'firstBaseline': baselines are not in the layout model; use top, center or bottom"
        ),
        (
            #"{"tag": 1, "kind": "stack", "distribution": "fillEqualy"}"#, "views[0].distribution",
            "'fillEqualy' is not one of fill, fillEqually, fillProportionally, equalSpacing, equalCentering; did you mean 'fillEqually'?"
        ),
        (
            #"{"tag": 1, "kind": "view"}, {"tag": 2, "superview": 1, "spacingAfter": 4}"#, "views[1].spacingAfter",
            "'spacingAfter' is the spacing after an arranged view; this view's superview is not a stack view"
        ),
        (
            #"{"tag": 1, "kind": "stack", "text": "a"}"#, "views[0].text",
            "a stack view has no text; use \"kind\": \"label\""
        ),
    ])
    func stackKeysAreChecked(views: String, path: String, message: String) {
        let error = decodeError(minimalSpec(views: "[\(views)]", constraints: "[]"))
        #expect(error?.path == path)
        #expect(error?.message == message)
    }
}
