import Testing

@testable import RefreshFramesCore

/// A 375 × 60 canvas with plain views `a` (tag 1) and `b` (tag 2), the given constraints after them.
private func twoViewSpec(_ constraints: String, views: String? = nil) -> String {
    let list = views ?? #"[{"tag": 1, "kind": "view", "name": "a"}, {"tag": 2, "kind": "view", "name": "b"}]"#
    return """
        {
        "canvas": {"width": 375, "height": 60},
        "views": \(list),
        "constraints": \(constraints),
        "scenario": {"refreshAt": 0, "workDuration": 1}
        }
        """
}

private func frames(_ json: String) throws -> String {
    let spec = try Spec.decode(Array(json.utf8))
    return try LayoutSolver.solve(
        canvas: spec.canvas, views: spec.views, constraints: spec.constraints, intrinsicSizes: [:]
    ).dump
}

@Suite struct VisualFormatTests {
    /// Frames as UIKit lays the format out: `-N-` is N points between the edges, `-` 8 points
    /// between siblings and the layout margin (8) at `|`, `[a(…)]` the width (height in `V:`).
    @Test(arguments: [
        (
            #"["H:|-25-[a]-10-[b(==a)]-25-|", "V:|[a]|", "V:|[b]|"]"#,
            "tag 1: x=25 y=0 w=157.5 h=60\ntag 2: x=192.5 y=0 w=157.5 h=60"
        ),
        (
            #"["H:|-[a(50)]-[b(50)]", "V:|-[a]-|", "V:|-[b]-|"]"#,
            "tag 1: x=8 y=8 w=50 h=44\ntag 2: x=66 y=8 w=50 h=44"
        ),
        (
            #"["H:[a(50)]-|", "H:|[b]", "[b(a)]", "V:[a(20)]|", "V:|[b(==a)]"]"#,
            "tag 1: x=317 y=40 w=50 h=20\ntag 2: x=0 y=0 w=50 h=20"
        ),
        (
            #"["H:|[a(100)][b(100)]", "V:|[a(10)][b(10)]"]"#,
            "tag 1: x=0 y=0 w=100 h=10\ntag 2: x=100 y=10 w=100 h=10"
        ),
        // A low-priority width gives way to the required edges; >= and <= bound a width.
        (
            #"["H:|[a(40@250)]|", "H:|-100-[b(>=70,<=100)]", "[b(300@500)]", "V:|[a]|", "V:|[b]|"]"#,
            "tag 1: x=0 y=0 w=375 h=60\ntag 2: x=100 y=0 w=100 h=60"
        ),
        // An optional spacing gives way to required edges and widths.
        (
            #"["H:|[a(100)]-(<=10@750)-[b(100)]|", "V:|[a]|", "V:|[b]|"]"#,
            "tag 1: x=0 y=0 w=100 h=60\ntag 2: x=275 y=0 w=100 h=60"
        ),
        (
            #"[{"visual": "H:|-m-[a(w)]-m-[b(w@p)]", "metrics": {"m": 12, "w": 30, "p": 750}}, "V:|[a]|", "V:|[b]|"]"#,
            "tag 1: x=12 y=0 w=30 h=60\ntag 2: x=54 y=0 w=30 h=60"
        ),
        (
            #"[{"visual": "H:|-[a(20)]-[b(30)]", "options": "alignAllCenterY"}, "V:|-10-[a(40)]", "V:[b(20)]"]"#,
            "tag 1: x=8 y=10 w=20 h=40\ntag 2: x=36 y=20 w=30 h=20"
        ),
        (
            #"[{"visual": "V:|[a(20)]-(-5)-[b(20)]", "options": ["alignAllLeading", "alignAllTrailing"]}, "H:[a(40)]-|"]"#,
            "tag 1: x=327 y=0 w=40 h=20\ntag 2: x=327 y=15 w=40 h=20"
        ),
    ])
    func formatsLayOutAsUIKitDoes(constraints: String, expected: String) throws {
        #expect(try frames(twoViewSpec(constraints)) == expected)
    }

    @Test func viewsWithoutANameAreVAndTheirTag() throws {
        let views = #"[{"tag": 7, "kind": "view"}, {"tag": 2, "kind": "view", "name": "b"}]"#
        let spec = twoViewSpec(#"["H:|[v7(10)]-5-[b(10)]", "V:|[v7(10)]", "V:|[b(10)]"]"#, views: views)
        #expect(try frames(spec) == "tag 2: x=15 y=0 w=10 h=10\ntag 7: x=0 y=0 w=10 h=10")
    }

    @Test func oneFormatExpandsIntoConstraintsThatCarryItsPath() throws {
        let spec = try Spec.decode(Array(twoViewSpec(#"["1.top == superview.top", "H:|-25-[a]-10-[b]"]"#).utf8))
        #expect(spec.constraints.map(\.path) == ["constraints[0]", "constraints[1]", "constraints[1]"])
        let c = spec.constraints[2]
        #expect(
            c.item == .view(tag: 2) && c.attribute == .leading && c.toItem == .view(tag: 1)
                && c.toAttribute == .trailing && c.constant == 10 && c.relation == .equal && c.priority == 1000)
    }

    @Test func conflictsNameTheFormat() {
        let spec = twoViewSpec(#"["H:|[a(100)]|", "V:|[a]|", "V:|[b]|", "H:|[b]|"]"#)
        let error = #expect(throws: LayoutError.self) { try frames(spec) }
        #expect(
            error?.description
                == "constraints[0]: conflicts with constraints[0], constraints[0] (superview trailing == view 1 trailing vs view 1 leading == superview leading, view 1 width == 100)"
        )
    }

    /// Malformed formats are located to the character: the JSON path, the string's line:column and
    /// the column inside the string (1-based), as UIKit's exception puts a caret under it.
    @Test(arguments: [
        (#""V|[a]|""#, "column 2 of 'V|[a]|': expected ':' after 'V' to give the orientation, got '|'"),
        (#""H:|-[a-[b]""#, "column 7 of 'H:|-[a-[b]': expected ']' to close the view 'a', got '-'"),
        (#""H:[a]-10[b]""#, "column 9 of 'H:[a]-10[b]': expected '-' after the spacing, got '['"),
        (
            #""H:|-[c]""#,
            "column 6 of 'H:|-[c]': no view named 'c'; did you mean 'a'? (a view's 'name', or 'v' and its tag)"
        ),
        (#""H:[a(>=x)]""#, "column 8 of 'H:[a(>=x)]': 'x' is neither a metric nor a view; did you mean 'a'?"),
        (#""H:[a]-(10@2000)-[b]""#, "column 11 of 'H:[a]-(10@2000)-[b]': a priority must be from 1 to 1000, got 2000"),
        (#""H:[a]-10@750-[b]""#, "column 9 of 'H:[a]-10@750-[b]': a priority needs parentheses: '-(10@…)-'"),
        (#""H:|-[a]-|x""#, "column 10 of 'H:|-[a]-|x': expected the end of the format after the closing '|', got 'x'"),
        (#""H:|-[a]-gap-[b]""#, "column 9 of 'H:|-[a]-gap-[b]': no metric named 'gap'"),
        (
            #""H:|-[]""#,
            "column 6 of 'H:|-[]': expected a view name (a letter or '_' then letters, digits, '_'), got ']'"
        ),
        (#""H:[a(==)]""#, "column 8 of 'H:[a(==)]': expected a number or a metric name, got ')'"),
        (
            #""[a]-""#,
            "column 5 of '[a]-': expected '[' to start a view or '|' for the superview after '-', got the end of the format"
        ),
    ])
    func malformedFormatsAreLocated(format: String, message: String) {
        let error = decodeError(twoViewSpec("[\(format)]"))
        #expect(error?.path == "constraints[0]")
        #expect(error?.location == SourceLocation(line: 4, column: 17))
        #expect(error?.message == message)
    }

    @Test(arguments: [
        (
            #"[{"visual": "H:[a][b]", "options": "alignAllCenterX"}]"#, "constraints[0].options", "4:51",
            "an H: format cannot align its views on centerX; it aligns them on top, bottom or centerY"
        ),
        (
            #"[{"visual": "H:[a][b]", "options": ["alignAllTop", "alignAllCentreY"]}]"#, "constraints[0].options[1]",
            "4:67",
            "'alignAllCentreY' is not one of "
                + VisualFormat.alignmentOptions.keys.sorted().joined(separator: ", ")
                + "; did you mean 'alignAllCenterY'?"
        ),
        (
            #"[{"visual": "H:[a][b]", "options": "alignAllLastBaseline"}]"#, "constraints[0].options", "4:51",
            "'alignAllLastBaseline': baselines are not in the layout model; align on top, bottom or centerY"
        ),
        (
            #"[{"visual": "H:[a]-m-[b]", "metrics": {"m": "10"}}]"#, "constraints[0].metrics.m", "4:60",
            "expected a number, got a string"
        ),
        (
            #"[{"visual": "H:[a][b]", "option": "alignAllTop"}]"#, "constraints[0].option", "4:40",
            "unknown key 'option'; did you mean 'options'?"
        ),
    ])
    func badOptionsAndMetricsAreLocated(constraints: String, path: String, location: String, message: String) {
        let error = decodeError(twoViewSpec(constraints))
        #expect(error?.path == path)
        #expect(error?.location?.description == location)
        #expect(error?.message == message)
    }

    @Test(arguments: [
        (
            #"[{"tag": 1, "name": "2a"}]"#, "views[0].name",
            "'2a' is not a name for visual formats; expected a letter or '_', then letters, digits or '_'"
        ),
        (
            #"[{"tag": 1, "name": "a"}, {"tag": 2, "name": "a"}]"#, "views[1].name",
            "the visual-format name 'a' is also view 1's; give one of them another 'name'"
        ),
        (
            #"[{"tag": 1, "name": "v2"}, {"tag": 2}]"#, "views[1].tag",
            "the visual-format name 'v2' is also view 1's; give one of them another 'name'"
        ),
    ])
    func viewNamesAreIdentifiersAndUnique(views: String, path: String, message: String) {
        let error = decodeError(twoViewSpec("[]", views: views))
        #expect(error?.path == path)
        #expect(error?.message == message)
    }
}
