import RefreshFramesCore
import Testing

@testable import RefreshFramesImport

/// `<stackView>`s become stack views: their `<subviews>` are the arranged views, in order, laid out
/// by the stack and not by autoresizing. Each fixture stores the frames Interface Builder would,
/// worked out from Apple's documentation of `UIStackView.Distribution` and `.Alignment` with the
/// label sizes iOS gives 17 pt System text (17 points a CJK character; 20.5 tall, the line height
/// 20.29 rounded up to the pixel, the height real xibs store for such labels).
struct StackViewImportTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var fixture: String
        /// IB's frames, in the superview's coordinates, by tag.
        var frames: [Int: Rect]
        /// The stack views' keys as the written spec has them, by tag.
        var stacks: [Int: String]
        var testDescription: String { fixture }
    }

    static func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    static let cases: [Case] = [
        // 200 points wide, centred, 20 from the top: (200 - 2 × 10) / 3 = 60 points a label; as tall
        // as the labels.
        Case(
            fixture: "stack-fill-equally.xib",
            frames: [10: r(87.5, 20, 200, 20.5), 1: r(0, 0, 60, 20.5), 2: r(70, 0, 60, 20.5), 3: r(140, 0, 60, 20.5)],
            stacks: [10: #""axis": "horizontal", "spacing": 10, "distribution": "fillEqually""#]),
        // Fits its content: as wide as the widest label (68), 20.5 + 4 + 20.5 tall, centred; the
        // hidden label is 0 tall where it would start (UISV-hiding) and takes no spacing.
        Case(
            fixture: "stack-hidden.xib",
            frames: [20: r(20, 7.5, 68, 45), 1: r(0, 0, 68, 20.5), 2: r(25.5, 20.5, 17, 0), 3: r(17, 24.5, 34, 20.5)],
            stacks: [20: #""axis": "vertical", "spacing": 4, "alignment": "center""#]),
        // 343 wide: the label (hugging 251) keeps its 34, the 40 pt view its 40; the inner stack,
        // which hugs only at the fitting priority, takes the other 249. 43 tall: the inner stack's
        // 20.5 + 2 + 20.5, which the outer one's fill alignment gives every arranged view.
        Case(
            fixture: "stack-nested.xib",
            frames: [
                30: r(16, 8.5, 343, 43), 31: r(0, 0, 249, 43), 1: r(0, 0, 68, 20.5), 2: r(0, 22.5, 17, 20.5),
                5: r(259, 0, 40, 43), 4: r(309, 0, 34, 43),
            ],
            stacks: [
                30: #""axis": "horizontal", "spacing": 10"#,
                31: #""axis": "vertical", "spacing": 2, "alignment": "top""#,
            ]),
        // Margins: stack 40's directional ones (6, 10 leading, 6, 4 trailing) and stack 50's (0, 4, 0,
        // 4) inset their arranged views, as isLayoutMarginsRelativeArrangement does ("the stack view
        // will layout its arranged views relative to its layout margins"), which IB writes no attribute
        // for; 10 + 50 + 4 wide, 6 + 20 + 4 + 20 + 6 tall; 4 + 30 + 8 + 30 + 4 wide. Stack 60 has no
        // margins in the document: its view is at its edge, not 8 pt in.
        Case(
            fixture: "stack-margins.xib",
            frames: [
                40: r(16, 2, 64, 56), 41: r(10, 6, 50, 20), 42: r(10, 30, 50, 20), 50: r(96, 10, 76, 30),
                51: r(4, 0, 30, 30), 52: r(42, 0, 30, 30), 60: r(188, 10, 30, 30), 61: r(0, 0, 30, 30),
            ],
            stacks: [
                40: #""spacing": 4, "isLayoutMarginsRelativeArrangement": true, "layoutMargins": [6, 10, 6, 4]"#,
                50: #""spacing": 8, "isLayoutMarginsRelativeArrangement": true, "layoutMargins": [0, 4, 0, 4]"#,
                60: #"{"tag": 60, "kind": "stack", "axis": "horizontal"}"#,
            ]),
    ]

    @Test(arguments: cases)
    func aStackViewIsImportedWithItsArrangedViewsAndSolvesToInterfaceBuildersFrames(_ c: Case) throws {
        let result = try XIBImporter.importDocument(
            fixture(c.fixture), fileName: c.fixture, animation: .rotateScale, measurer: iOSMetrics,
            isFontInstalled: { $0 == "WenQuanYi Micro Hei" })
        #expect(result.warnings.map(\.description) == [])
        #expect(result.summary == "\(c.frames.count) frames solved and match Interface Builder's")
        for (tag, keys) in c.stacks {
            #expect(result.specJSON.contains(#"{"tag": \#(tag), "kind": "stack""#), "tag \(tag)")
            #expect(result.specJSON.contains(keys), "tag \(tag)")
        }
        // No autoresizing constraints: only the document's own and none on the arranged views.
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        let arranged = Set(spec.views.filter { $0.superview.flatMap { spec.view(tag: $0)?.kind } == .stack }.map(\.tag))
        #expect(
            spec.constraints.allSatisfy { c in arranged.allSatisfy { c.item != .view(tag: $0) } || c.toItem == nil })
        // Decoded, measured and solved again from the JSON, as validate and render do.
        let timeline = try Timeline.make(spec: spec, now: 0, measurer: iOSMetrics)
        #expect(timeline.layout.frames == c.frames)
    }

    @Test func arrangedViewsKeepTheirOrderAndAHiddenOneStaysHidden() throws {
        let spec = try Spec.decode(Array(try importFixture("stack-hidden.xib").specJSON.utf8))
        #expect(spec.views.map(\.tag) == [20, 1, 2, 3])
        #expect(spec.views.map(\.superview) == [nil, 20, 20, 20])
        #expect(spec.views.map(\.isHidden) == [false, false, true, false])
        #expect(spec.views.map(\.alpha) == [1, 1, 1, 1])
        let nested = try Spec.decode(Array(try importFixture("stack-nested.xib").specJSON.utf8))
        #expect(nested.views.map(\.tag) == [30, 31, 1, 2, 5, 4])
        #expect(nested.views.map(\.superview) == [nil, 30, 31, 31, 30, 30])
    }

    @Test func aStacksLayoutMarginsAndWhatItCannotRepresentAreRead() throws {
        let xib = String(decoding: try fixture("stack-fill-equally.xib"), as: UTF8.self)
            .replacingOccurrences(
                of: #"spacing="10" translatesAutoresizingMaskIntoConstraints="NO""#,
                with:
                    #"spacing="10" alignment="firstBaseline" layoutMarginsRelativeArrangement="YES" translatesAutoresizingMaskIntoConstraints="NO""#
            )
            .replacingOccurrences(
                of: #"<rect key="frame" x="87.5" y="20" width="200" height="20.5"/>"#,
                with: #"<rect key="frame" x="87.5" y="20" width="200" height="36"/>"#
                    + #"<edgeInsets key="layoutMargins" top="8" left="4" bottom="8" right="4"/>"#)
        let result = try XIBImporter.importDocument(
            Array(xib.utf8), fileName: "s.xib", animation: .none, measurer: wenQuanYi,
            isFontInstalled: { $0 == "WenQuanYi Micro Hei" })
        #expect(
            result.warnings.map(\.description) == [
                "\(try line(of: "<stackView", in: "stack-fill-equally.xib")): "
                    + #"<stackView id="Seq-sv-010">: alignment 'firstBaseline' is not supported (no baselines in a spec); fill used"#
            ])
        #expect(result.specJSON.contains(#""isLayoutMarginsRelativeArrangement": true, "layoutMargins": [8, 4, 8, 4]"#))
        // Inside the margins: (192 - 20) / 3 = 57.33 points a label, from x = 4.
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        let layout = try Timeline.make(spec: spec, now: 0, measurer: wenQuanYi).layout
        #expect(layout.frame(tag: 10) == Self.r(87.5, 20, 200, 36))
        #expect(layout.frame(tag: 1).x == 4 && layout.frame(tag: 1).y == 8)
    }
}
