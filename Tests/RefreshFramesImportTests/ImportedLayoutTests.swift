import RefreshFramesCore
import Testing

@testable import RefreshFramesImport

/// What real xibs use beyond labels and constraints on one level: nested views, margins and guides,
/// views placed by their frame, standard controls, and layouts that do not solve. Each fixture
/// stores the frames Interface Builder would; the written spec must validate and solve to them.
struct ImportedLayoutTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var fixture: String
        var scene: String? = nil
        /// IB's frames, in the superview's coordinates, by tag.
        var frames: [Int: Rect]
        var summary: String
        var testDescription: String { fixture + (scene.map { " --scene \($0)" } ?? "") }
    }

    static func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    static let cases: [Case] = [
        Case(
            fixture: "nested-views.xib",
            frames: [
                10: r(87.5, 8, 200, 44), 1: r(8, 7, 40, 30), 11: r(58, 4, 120, 36), 2: r(8, 3, 40, 30),
                3: r(295.5, 15, 40, 30),
            ],
            summary: "5 frames solved and match Interface Builder's"),
        Case(
            fixture: "margins.xib",
            frames: [
                1: r(8, 15, 40, 30), 10: r(267, 8, 100, 44), 2: r(12, 4, 40, 30),
                3: r(125, 15, 125, 30),
            ],
            summary: "4 frames solved and match Interface Builder's"),
        Case(
            fixture: "guides.storyboard", frames: [1: r(20, 54, 100, 30), 2: r(16, 738, 100, 30)],
            summary: "2 frames solved and match Interface Builder's"),
        Case(
            // Centred on an iPhone X (3x): 137.5 snaps to the pixel grid at 413/3 pt, as UIKit's frames
            // do on that device.
            fixture: "guides.storyboard", scene: "Legacy",
            frames: [3: r(413.0 / 3, 52, 100, 30), 4: r(413.0 / 3, 595, 100, 30)],
            summary: "2 frames solved and match Interface Builder's"),
        // A view controller's root view with custom directional margins (10, 4, 0, 30) on an
        // iPhone 8: the larger of them and the system minimums (16 beside), inside the safe area
        // (20 above); with the minimums and the safe area turned off, the custom values exactly.
        Case(
            fixture: "root-margins.storyboard", frames: [1: r(16, 30, 100, 30), 2: r(305, 30, 40, 20)],
            summary: "2 frames solved and match Interface Builder's"),
        Case(
            fixture: "root-margins.storyboard", scene: "Exact", frames: [1: r(4, 10, 100, 30), 2: r(305, 10, 40, 20)],
            summary: "2 frames solved and match Interface Builder's"),
        // IB's simulated status bar None takes the 20 pt bar off an iPhone 8's safe area: the label
        // 10 below the safe area's top, the view on the top margin (0 inside it); with the status
        // bar, 20 lower. Frames derived in the fixture's comment.
        Case(
            fixture: "status-bars.storyboard", frames: [1: r(20, 10, 100, 30), 2: r(16, 0, 40, 20)],
            summary: "2 frames solved and match Interface Builder's"),
        Case(
            fixture: "status-bars.storyboard", scene: "StatusBar",
            frames: [1: r(20, 30, 100, 30), 2: r(16, 20, 40, 20)],
            summary: "2 frames solved and match Interface Builder's"),
        // The containers' bars: a large-title navigation bar (20 + 96 above) in a tab bar controller
        // (49 below); a navigation bar whose item never shows a large title (20 + 44). Frames derived
        // in the fixture's comment.
        Case(
            fixture: "nav-bars.storyboard", scene: "Large", frames: [1: r(20, 126, 100, 30), 2: r(16, 598, 40, 20)],
            summary: "2 frames solved and match Interface Builder's"),
        Case(
            fixture: "nav-bars.storyboard", scene: "Small", frames: [1: r(20, 74, 100, 30), 2: r(16, 647, 40, 20)],
            summary: "2 frames solved and match Interface Builder's"),
        // A document without safe areas: the root's margins are the minimums alone (iOS 10), the top
        // layout guide carries the status bar.
        Case(
            fixture: "legacy-margins.storyboard", frames: [1: r(16, 0, 100, 30), 2: r(20, 28, 40, 20)],
            summary: "2 frames solved and match Interface Builder's"),
        // The same document last saved by Xcode 10 (still without safe areas): its canvas is iOS
        // 11's, the root's margins inset from the status bar.
        Case(
            fixture: "legacy-margins-xcode9.storyboard", frames: [1: r(16, 20, 100, 30), 2: r(20, 28, 40, 20)],
            summary: "2 frames solved and match Interface Builder's"),
        // An Xcode 6 document without <device>: the 600 pt canvas of any width, the root's side
        // margins the compact width's 16.
        Case(
            fixture: "any-width-margins.storyboard", frames: [1: r(16, 30, 40, 20), 2: r(544, 30, 40, 20)],
            summary: "2 frames solved and match Interface Builder's"),
        // A navigation bar over the scenes of a navigation controller's stack (its root, and one
        // pushed by a show segue), not over a controller that only has a navigationItem, nor over
        // what that one shows. Frames derived in the fixture's comment.
        Case(
            fixture: "nav-inferred.storyboard", scene: "Root", frames: [1: r(16, 74, 40, 20), 2: r(16, 300, 60, 30)],
            summary: "2 frames solved and match Interface Builder's"),
        Case(
            fixture: "nav-inferred.storyboard", scene: "Pushed", frames: [1: r(16, 74, 40, 20)],
            summary: "1 frame solved and matches Interface Builder's"),
        Case(
            fixture: "nav-inferred.storyboard", scene: "Alone", frames: [1: r(16, 30, 40, 20), 2: r(16, 300, 60, 30)],
            summary: "2 frames solved and match Interface Builder's"),
        Case(
            fixture: "nav-inferred.storyboard", scene: "Presented", frames: [1: r(16, 30, 40, 20)],
            summary: "1 frame solved and matches Interface Builder's"),
        // Views below the root of an iPhone X scene: a safe area where they cover the root's unsafe
        // edges, margins measured from it (or not), and preservesSuperviewLayoutMargins. Frames
        // derived in the fixture's comment.
        Case(
            fixture: "subview-margins.storyboard",
            frames: [
                10: r(0, 0, 375, 100), 1: r(8, 52, 40, 20), 2: r(335, 44, 40, 20), 11: r(0, 300, 375, 100),
                3: r(16, 8, 40, 20), 12: r(0, 712, 375, 100), 4: r(327, 72, 40, 20), 5: r(0, 46, 40, 20),
            ],
            summary: "8 frames solved and match Interface Builder's"),
        Case(
            fixture: "fixed-frames.xib", frames: [1: r(10, 15, 60, 30), 10: r(100, 5, 120, 50), 2: r(10, 10, 100, 30)],
            summary: "3 frames solved and match Interface Builder's"),
        Case(
            fixture: "frame-inset.xib", frames: [3: r(20, 15, 80, 30), 4: r(250, 10, 50, 40)],
            summary: "2 frames solved and match Interface Builder's"),
        Case(
            fixture: "controls.xib",
            frames: [
                1: r(177.5, 20, 20, 20), 2: r(20, 11.5, 37, 37), 3: r(304, 14.5, 51, 31), 4: r(205.5, 15, 30, 30),
                5: r(70, 15, 46, 30), 6: r(240, 50, 50, 2), 7: r(130, 2, 40, 10),
            ],
            summary:
                "6 frames solved and match Interface Builder's; 1 pinned to Interface Builder's frame (the layout leaves it undetermined)"
        ),
        Case(
            fixture: "baselines.xib",
            frames: [
                1: r(20, 15, 60, 30), 2: r(88, 15, 60, 30), 3: r(156, 20, 60, 20), 4: r(280, 15, 40, 10),
                5: r(230, 5, 40, 10),
            ],
            summary: "5 frames solved and match Interface Builder's"),
        Case(
            fixture: "variations.xib", frames: [1: r(20, 15, 40, 30)],
            summary: "1 frame solved and matches Interface Builder's"),
        Case(
            fixture: "attributed-text.xib", frames: [1: r(20, 20, 68, 20)],
            summary: "1 frame solved and matches Interface Builder's"),
        Case(
            fixture: "attributed-strings.xib", frames: [1: r(20, 20, 68, 20)],
            summary: "1 frame solved and matches Interface Builder's"),
        Case(
            fixture: "unsolvable.xib", frames: [1: r(20, 12, 30, 30), 2: r(100, 15, 40, 30), 3: r(200, 15, 40, 30)],
            summary:
                "1 frame solved and matches Interface Builder's; 1 solved and differs where IB's frame is off its constraints (tag 3: IB's stored frame is marked misplaced); 1 pinned to Interface Builder's frame (the layout leaves it undetermined)"
        ),
    ]

    @Test(arguments: cases)
    func theWrittenSpecValidatesAndSolvesToInterfaceBuildersFrames(_ c: Case) throws {
        let result = try XIBImporter.importDocument(
            fixture(c.fixture), fileName: c.fixture, animation: .rotateScale, measurer: wenQuanYi,
            isFontInstalled: { $0 == "WenQuanYi Micro Hei" }, scene: c.scene, baselineOffset: { $0.size * 0.35 })
        #expect(result.summary == c.summary)
        // Decoded, measured and solved again from the JSON, as validate and render do.
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        let timeline = try Timeline.make(spec: spec, now: 0, measurer: wenQuanYi)
        #expect(timeline.layout.frames == c.frames)
    }

    /// Xcode 5's prototyping constraints: a view with fixedFrame="YES", Auto Layout on and no
    /// constraints is placed by its stored frame (IB adds constraints for it when it builds the nib);
    /// import pins it there and says why, not that the document leaves it undetermined.
    @Test func aFixedFrameViewWithoutConstraintsIsPinnedSayingIBPlacesItByItsFrame() throws {
        let result = try importFixture("fixed-frame-xcode5.xib")
        #expect(
            result.warnings.map(\.description).filter { $0.contains("pinned") } == [
                "13: <label id=\"Ffx-lb-001\">: view 1 has an ambiguous horizontal position: it has fixedFrame=\"YES\" and no constraints, so Interface Builder places it by its stored frame (constraints it adds when it builds the nib); pinned to IB's frame (10, 5, 300, 50) at priority 999"
            ])
        #expect(result.frameCheck.pinned == [1])
    }

    /// An SF Symbol's image view: Auto Layout places its alignment rect, which the symbol's
    /// alignment insets (not known here) set apart from its frame, so IB's frame (0.5 down, 1 shorter
    /// than the edges it is pinned to) is not a sign of a stale file: a plain difference, said so.
    @Test func anSFSymbolsFrameOffItsEdgesIsNotCalledStale() throws {
        let result = try importFixture("sf-symbol.xib")
        #expect(result.frameDifferences.map(\.isStale) == [false])
        #expect(
            result.summary
                == "0 frames solved and match Interface Builder's; 1 solved and differs (largest difference 1 pt, tag 1)"
        )
        #expect(
            ImportReport.lines(for: result, path: "s.xib").last
                == "s.xib:17: frame of tag 1: IB (0, 0.5, 120, 129), solved (0, 0, 120, 130) (an SF Symbol: its constraints place its alignment rect, inset from its frame by the symbol's alignment insets, which are not known here)"
        )
    }

    @Test func aLayoutThatDoesNotSolveIsRepairedAsUIKitWouldAndSaysSo() throws {
        let result = try importFixture("unsolvable.xib")
        #expect(
            result.warnings.map(\.description) == [
                "27: <constraint id=\"Uns-w3-002\">: conflicts with the constraint on line 25 (view 2 width == 50 vs view 2 width == 40); dropped, as UIKit breaks one of the conflicting constraints at run time",
                "12: <label id=\"Uns-lb-001\">: view 1 has an ambiguous vertical position: the document's constraints leave it undetermined; pinned to IB's frame (20, 12, 30, 30) at priority 999",
            ])
        #expect(result.frameCheck.pinned == [1])
        #expect(result.frameCheck.matching == [2])
        #expect(
            result.frameDifferences == [
                FrameDifference(
                    tag: 3, line: try line(of: "x=\"200\" y=\"15.5\"", in: "unsolvable.xib"),
                    interfaceBuilder: Self.r(200, 15.5, 40, 30), solved: Self.r(200, 15, 40, 30), misplaced: true)
            ])
        #expect(
            ImportReport.lines(for: result, path: "u.xib").last
                == "u.xib:34: frame of tag 3: IB (200, 15.5, 40, 30), solved (200, 15, 40, 30) (IB marks the view misplaced: its stored frame is stale)"
        )
        #expect(result.specJSON.contains(#""1.top == superview.top + 12 @999""#))
        #expect(!result.specJSON.contains("== 50"))
    }

    @Test func aSceneWithoutAStatusBarOrSafeAreasSaysWhatUIKitDoesAtRunTime() throws {
        let none = try importFixture("status-bars.storyboard").warnings.map(\.message)
        #expect(
            none.contains(
                "IB shows this scene with no status bar, so its frames have none over them; at run time UIKit puts one there unless the controller hides it (prefersStatusBarHidden)"
            ))
        let legacy = try importFixture("legacy-margins.storyboard").warnings.map(\.message)
        #expect(
            legacy == [
                "laid out as IB does for a document without safe areas (Xcode 8 or earlier): the root's top and bottom margins leave out the bars (20 pt above, 0 below); on iOS 11 and later UIKit insets them from the safe area, so views on those margins move by that much"
            ])
        let shown = try XIBImporter.importDocument(
            fixture("status-bars.storyboard"), fileName: "s", animation: .none, measurer: wenQuanYi,
            scene: "StatusBar")
        #expect(shown.warnings.isEmpty)
    }

    @Test func nestedViewsKeepTheirSuperviewAndConstraintsAcrossLevels() throws {
        let spec = try Spec.decode(Array(try importFixture("nested-views.xib").specJSON.utf8))
        #expect(spec.views.map(\.tag) == [10, 1, 11, 2, 3])
        #expect(spec.views.map(\.superview) == [nil, 10, 10, 11, nil])
        #expect(
            spec.constraints.contains {
                $0.item == .view(tag: 3) && $0.attribute == .centerY && $0.toItem == .view(tag: 2)
            })
    }

    @Test func marginsAndGuidesBecomeConstantsOnTheViewsEdges() throws {
        let margins = try importFixture("margins.xib").specJSON
        // The root's default 8 pt margins; the container's layoutMargins (4, 12, 4, 12).
        #expect(margins.contains(#""1.leading == superview.leading + 8""#))
        #expect(margins.contains(#""10.trailing == superview.trailing - 8""#))
        #expect(margins.contains(#""2.leading == 10.leading + 12""#))
        #expect(margins.contains(#""3.width == 0.3333333333333333 * superview.width""#))
        // iPhone X: the safe area is 44 pt below the top and 34 above the bottom; a view
        // controller's root view has 16 pt side margins.
        let safe = try XIBImporter.importDocument(
            fixture("guides.storyboard"), fileName: "g", animation: .none, measurer: wenQuanYi
        ).specJSON
        #expect(safe.contains(#""1.top == superview.top + 54""#))
        #expect(safe.contains(#""2.bottom == superview.bottom - 44""#))
        #expect(safe.contains(#""2.leading == superview.leading + 16""#))
    }

    @Test func aScrollViewsEdgesToItsContentSetTheContentSizeNotTheContentViewsFrame() throws {
        // A content view pinned to the four edges of a 120 pt scroll view, and one pinned to the
        // contentLayoutGuide with its width from the frameLayoutGuide: each is as tall as its label
        // and margins (60), not as the scroll view, and IB's frames are not called stale.
        let result = try importFixture("scroll-content.xib", animation: .none)
        #expect(result.frameCheck.matching == [1, 2, 3, 4, 5, 6])
        #expect(result.frameDifferences.isEmpty)
        #expect(result.frameCheck.pinned.isEmpty)
        let dropped = result.warnings.filter { $0.message.contains("content size") }
        #expect(
            dropped.map(\.description) == [
                "39: <constraint id=\"Cn1-sc-006\">: a scroll view's trailing edge to a view inside it is its content area's, not its frame's: it sets view 1's content size; a spec has no content size, so the layout leaves it out; dropped",
                "40: <constraint id=\"Cn1-sc-007\">: a scroll view's bottom edge to a view inside it is its content area's, not its frame's: it sets view 1's content size; a spec has no content size, so the layout leaves it out; dropped",
                "67: <constraint id=\"Cn2-sc-006\">: view 4's contentLayoutGuide trailing follows the scroll view's content size, not a frame; a spec has no content size, so the layout leaves it out; dropped",
                "68: <constraint id=\"Cn2-sc-007\">: view 4's contentLayoutGuide bottom follows the scroll view's content size, not a frame; a spec has no content size, so the layout leaves it out; dropped",
            ])
        // The leading and top edges place the content at the scroll view's origin (content offset
        // zero); the widths are the frames' (the scroll view's own, and its frameLayoutGuide's).
        let spec = result.specJSON
        #expect(spec.contains(#""2.top == 1.top""#))
        #expect(spec.contains(#""5.leading == 4.leading""#))
        #expect(spec.contains(#""2.width == 1.width""#))
        #expect(spec.contains(#""5.width == 4.width""#))
        #expect(!spec.contains("2.bottom == 1.bottom") && !spec.contains("5.trailing == 4.trailing"))
    }

    @Test func aViewPlacedByItsFrameFollowsItsAutoresizingMaskWhenTheCanvasChanges() throws {
        var spec = try Spec.decode(Array(try importFixture("fixed-frames.xib").specJSON.utf8))
        spec.canvas.width = 640
        let layout = try Timeline.make(spec: spec, now: 0, measurer: wenQuanYi).layout
        // Flexible right and bottom margins: stays. Flexible left, width and right (100 + 120 +
        // 100): the 320 pt more are shared in proportion, 100 + 120 + 100 more.
        #expect(layout.frame(tag: 1) == Self.r(10, 15, 60, 30))
        #expect(layout.frame(tag: 10) == Self.r(200, 5, 240, 50))
        // Inside the container, 120 pt wider now, a flexible width takes all of it.
        #expect(layout.frame(tag: 2) == Self.r(10, 10, 220, 30))
    }

    @Test func insideAContainerSolvedToAnotherSizeViewsFollowTheirAutoresizingMask() throws {
        let result = try importFixture("autoresizing-container.xib")
        #expect(
            result.summary
                == "2 frames solved and match Interface Builder's; 3 solved and differ (largest difference 135 pt, tag 2); 1 solved and differs where IB's frame is off its constraints (tag 10: IB's stored frame is marked misplaced)"
        )
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        let layout = try Timeline.make(spec: spec, now: 0, measurer: wenQuanYi).layout
        // IB stored the container 200 wide (misplaced); its constraints make it 335: 135 pt more.
        #expect(layout.frame(tag: 10) == Self.r(20, 5, 335, 50))
        #expect(layout.frame(tag: 1) == Self.r(10, 0, 30, 10))  // flexible right margin: stays
        #expect(layout.frame(tag: 2) == Self.r(295, 10, 30, 10))  // flexible left margin: takes it all
        #expect(layout.frame(tag: 3) == Self.r(50, 20, 235, 10))  // flexible width: takes it all
        #expect(layout.frame(tag: 4) == Self.r(157.5, 30, 20, 10))  // 90 and 90 either side: half each
        // 20 and 160 either side would move it 15 pt: a constraint to the container cannot say so.
        #expect(layout.frame(tag: 5) == Self.r(20, 40, 20, 10))
        #expect(
            result.warnings.map(\.message) == [
                "its autoresizing mask shares a change of its container's width between margins of 20 and 160 pt, which a constraint to the container cannot write; its leading stays as stored"
            ])
        for written in ["2.trailing == 10.trailing - 10", "3.width == 10.width - 100", "4.centerX == 10.centerX"] {
            #expect(result.specJSON.contains("\"\(written)\""), "\(written)")
        }
    }

    @Test func standardControlsTakeTheirIntrinsicSizeAndKind() throws {
        let spec = try Spec.decode(Array(try importFixture("controls.xib").specJSON.utf8))
        #expect(spec.views.map(\.kind) == [.spinner, .spinner, .view, .view, .label, .view, .view])
        #expect(spec.view(tag: 1)?.tintColor == RGBA(white: 0.5))
        #expect(spec.view(tag: 2)?.tintColor.hexString == "#0080FFFF")
        #expect(spec.view(tag: 3)?.backgroundColor.hexString == DocumentReader.placeholderColor.hexString)
        let json = try importFixture("controls.xib").specJSON
        #expect(json.contains(#""1.width <= 20 @750""#) && json.contains(#""2.height >= 37 @750""#))
        #expect(json.contains(#""3.width <= 51 @750""#) && json.contains(#""6.height <= 2 @750""#))
    }

    /// A xib's activity indicator is a `UIActivityIndicatorView` of the app's own, not the refresh
    /// control's stock spinner: its spokes are never revealed by the pull. IB's `animating` and
    /// `hidesWhenStopped`, which the spec does not model, are said where they differ from it.
    @Test func aXibsActivityIndicatorIsTheAppsOwnNotTheRefreshControls() throws {
        let result = try importFixture("controls.xib")
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.views.filter { $0.kind == .spinner }.map(\.revealsWithPull) == [false, false])
        #expect(result.specJSON.contains(#"{"tag": 1, "kind": "spinner", "revealsWithPull": false}"#))
        let indicators = result.warnings.filter { $0.element.hasPrefix("<activityIndicatorView") }
        #expect(
            indicators.map(\.message) == [
                "animating: UIKit turns it from when the view loads; the spec's indicator turns from when refreshing begins",
                "hidesWhenStopped: UIKit hides it until the app's code starts it; the spec's indicator shows its spokes, stopped, until refreshing begins",
            ])
    }

    @Test(arguments: [
        ("2", "顶"), ("Legacy", "顶"), ("1", "上"), ("Safe", "上"),
    ])
    func aStoryboardSceneIsChosenByNumberOrName(scene: String, text: String) throws {
        let result = try XIBImporter.importDocument(
            fixture("guides.storyboard"), fileName: "g", animation: .none, measurer: wenQuanYi, scene: scene)
        #expect(try Spec.decode(Array(result.specJSON.utf8)).views.first?.texts[.idle] == text)
        #expect(result.warnings.isEmpty)
    }

    @Test(arguments: [
        ("Nope", "no scene named 'Nope'; the scenes are 1: Safe, 2: Legacy"),
        ("3", "--scene 3: the storyboard has 2 scene(s)"),
    ])
    func anUnknownSceneIsAnError(scene: String, message: String) {
        #expect(throws: ImportError.noRootView(line: 2, detail: message)) {
            try XIBImporter.importDocument(
                fixture("guides.storyboard"), fileName: "g", animation: .none, measurer: wenQuanYi, scene: scene)
        }
    }

    @Test(arguments: [ImportAnimation.rotateScale, .marquee, .colorDots])
    func importedColorsSurviveTheAnimation(animation: ImportAnimation) throws {
        let spec = try Spec.decode(Array(try importFixture("nested-views.xib", animation: animation).specJSON.utf8))
        let timeline = try Timeline.make(spec: spec, now: 0, measurer: wenQuanYi)
        let end = timeline.sample(at: timeline.duration)
        // Blue, red and green labels and two coloured containers, as the document drew them.
        for view in end.views {
            let imported = try #require(spec.view(tag: view.tag))
            #expect(view.textColor == imported.textColor, "tag \(view.tag)")
            #expect(view.backgroundColor == imported.backgroundColor, "tag \(view.tag)")
        }
        #expect(end.views.first { $0.tag == 1 }?.textColor.hexString == "#0000FFFF")
    }

    @Test func anAttributedLabelTakesItsFragmentsTextAndTheFirstOnesStyle() throws {
        let result = try importFixture("attributed-text.xib")
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.view(tag: 1)?.texts[.idle] == "下拉刷新")
        #expect(spec.view(tag: 1)?.textColor.hexString == "#0000FFFF")
        #expect(spec.view(tag: 1)?.font.size == 17)
        #expect(
            result.warnings.map(\.message) == [
                "an attributed text with 2 fragments in different fonts or colours is drawn in its first fragment's font and colour"
            ])
        // The document's cached asset-catalog colour.
        #expect(spec.canvas.background.hexString == "#80BFFFFF")
    }

    @Test func fragmentsWrittenAsStringElementsAreReadAndAShareStyleNeedsNoWarning() throws {
        let result = try importFixture("attributed-strings.xib")
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        // <string key="content">, the same base64 (5Yi3 is 刷) and <mutableString>, joined.
        #expect(spec.view(tag: 1)?.texts[.idle] == "下拉刷新")
        #expect(spec.view(tag: 1)?.textColor.hexString == "#0000FFFF")
        #expect(spec.view(tag: 1)?.font == FontSpec(family: "System", size: 17))
        #expect(result.warnings.isEmpty)
    }

    @Test func aLabelThatCannotBeMeasuredLeavesTheFramesUnchecked() throws {
        let text = String(decoding: try fixture("attributed-strings.xib"), as: UTF8.self)
            .replacingOccurrences(of: ">下拉<", with: ">Hz<")
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "a.xib", animation: .none, measurer: wenQuanYi)
        #expect(result.summary == "frames not checked: a label could not be measured (see the warnings)")
        #expect(
            result.warnings.map(\.description) == [
                "12: <label id=\"Ats-lb-001\">: cannot measure 'Hz刷新' in System: the test measurer has no advance for 'z'; frames not checked"
            ])
        // The spec is written all the same, and validates where the font can measure it.
        #expect(try Spec.decode(Array(result.specJSON.utf8)).view(tag: 1)?.texts[.idle] == "Hz刷新")
    }

    static func buttons(_ title: String = "刷新") throws -> ImportResult {
        let text = String(decoding: try fixture("buttons.xib"), as: UTF8.self)
            .replacingOccurrences(of: "title=\"刷新\"", with: "title=\"\(title)\"")
        return try XIBImporter.importDocument(
            Array(text.utf8), fileName: "buttons.xib", animation: .rotateScale, measurer: iOSMetrics,
            isFontInstalled: { $0 == "WenQuanYi Micro Hei" })
    }

    @Test func aButtonTakesItsTitlesSizeAndIsDrawnAsItsTitle() throws {
        let result = try Self.buttons()
        #expect(result.summary == "5 frames solved and match Interface Builder's")
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        let timeline = try Timeline.make(spec: spec, now: 0, measurer: iOSMetrics)
        #expect(
            timeline.layout.frames == [
                1: Self.r(20, 15, 30, 30), 2: Self.r(58, 10, 50, 40), 3: Self.r(116, 13, 58, 34.5),
                4: Self.r(182, 12.5, 50, 35), 5: Self.r(240, 15, 30, 30),
            ])
        // A 15 pt title (18 pt high) and 6 pt above and below; a configuration's 12 pt beside and
        // 7 pt above and below a 17 pt title (20.5 pt high); contentEdgeInsets widen a custom button.
        for written in [
            "1.width >= 30 @750", "1.height <= 30 @250", "3.width >= 58 @750", "3.height >= 34.5 @750",
            "2.width >= 50 @750",
        ] {
            #expect(result.specJSON.contains("\"\(written)\""), "\(written)")
        }
        // Drawn as iOS draws them: the title in the tint (iOS's blue), the title colour or the
        // configuration's foreground, no background but the button's own.
        #expect(spec.views.map(\.kind) == [.label, .label, .label, .label, .view])
        #expect(
            spec.views.map(\.textColor.hexString).prefix(4) == ["#007AFFFF", "#FF0000FF", "#008000FF", "#007AFFFF"])
        #expect(spec.view(tag: 1)?.backgroundColor == .clear)
        #expect(spec.view(tag: 2)?.backgroundColor.hexString == "#000000FF")
        #expect(spec.view(tag: 3)?.font == FontSpec(family: "System", size: 17))
        // Buttons are not the labels the imported animation plays over.
        #expect(spec.program == nil)
        #expect(
            result.warnings.map(\.message) == [
                "titleEdgeInsets moves the title or image within the button without changing its size; not drawn",
                "whether UIKit's 6 pt above and below the title still apply with contentEdgeInsets is not established; IB's frame stands in for its height",
                "the configuration's style 'filled' is drawn as a plain button: its title, on its baseBackgroundColor if it has one",
                "the configuration has no titleFontDescription and its default title font is not established here; IB's frame stands in for its size",
                // An image button whose image the import cannot find (no catalogs here) stays a placeholder.
                "image 'arrow' of the normal state not found (looked in no asset catalog or image file); left out of button 5",
                "an image button none of whose images is found; imported as a placeholder with tag 5",
            ])
    }

    @Test(arguments: [("刷新中", 45.0), ("Go", 19.5), ("刷", 15.0)])
    func aButtonsWidthFollowsItsTitle(title: String, width: Double) throws {
        let json = try Self.buttons(title).specJSON
        #expect(json.contains("\"1.width >= \(SpecWriter.number(width)) @750\""))
    }

    @Test func baselinesAreTheLabelsFontBaselineAndAPlainViewsEdges() throws {
        // 17 pt labels with the baseline 0.35 em below the centre: baseline = centerY + 5.95.
        let result = try XIBImporter.importDocument(
            fixture("baselines.xib"), fileName: "b", animation: .none, measurer: wenQuanYi,
            baselineOffset: { $0.size * 0.35 })
        #expect(result.specJSON.contains(#""2.centerY == 1.centerY""#))
        // A plain view's first baseline is its top; its (last) baseline its bottom.
        #expect(result.specJSON.contains(#""4.top == 5.bottom""#))
        // Without font metrics the labels' baseline constraints cannot be written.
        let blind = try importFixture("baselines.xib")
        #expect(
            blind.warnings.filter { $0.message.hasSuffix("the label's font metrics are not at hand; dropped") }.count
                == 2)
        #expect(blind.frameCheck.pinned == [2, 3])
    }

    @Test func sizeClassVariationsFollowTheDocumentsDeviceAndSaySo() throws {
        let result = try importFixture("variations.xib")
        #expect(
            result.warnings.map(\.message) == [
                "size classes: the device is retina4_7 (portrait), compact width, regular height; taken: widthClass=compact; not taken: heightClass=compact, widthClass=regular"
            ])
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.views.map(\.tag) == [1])  // label 2 is only in compact-height layouts
        #expect(spec.constraints.count == 4)
    }

    @Test func aDeviceOutsideTheSafeAreaTableIsAssumedToHaveAStatusBarAndSaysSo() throws {
        let text = String(decoding: try fixture("guides.storyboard"), as: UTF8.self)
            .replacingOccurrences(of: "<device id=\"retina5_9\"", with: "<device id=\"retina6_72\"")
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "g", animation: .none, measurer: wenQuanYi)
        #expect(
            result.warnings.map(\.message).contains(
                "the safe area of device retina6_72 (portrait) is not in the import's table; a status bar of 20 pt and no home indicator assumed"
            ))
    }

    @Test func aTableViewCellIsImportedAsItsContentView() throws {
        let result = try XIBImporter.importDocument(
            fixture("table-cell.xib"), fileName: "t.xib", animation: .none, measurer: iOSMetrics)
        #expect(result.summary == "1 frame solved and matches Interface Builder's")
        #expect(
            result.warnings.map(\.message) == [
                "the cell is imported as its content view <tableViewCellContentView id=\"Tcl-cv-000\">"
            ])
        // The content view's frameInset is 320 × 43 inside the 320 × 44 cell.
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.canvas.width == 320 && spec.canvas.height == 43)
    }

    /// A collection view cell whose own `<constraints>` tie its content view's subviews to the cell
    /// and its safe area (which the content view fills): read with the content view's, so both views
    /// solve to IB's frames (they were pinned, their constraints dropped without a word).
    @Test func aCellsOwnConstraintsPlaceItsContentViewsSubviews() throws {
        let result = try XIBImporter.importDocument(
            fixture("cell-constraints.xib"), fileName: "c.xib", animation: .none, measurer: iOSMetrics)
        #expect(result.summary == "2 frames solved and match Interface Builder's")
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        let timeline = try Timeline.make(spec: spec, now: 0, measurer: iOSMetrics)
        #expect(timeline.layout.frames == [1: Self.r(10, 5, 180, 50), 2: Self.r(20, 15, 30, 30)])
    }

    @Test(arguments: [
        (
            #"minX="20" minY="15" width="80" height="30""#, #"minY="15" width="80" height="30""#,
            Rect(x: 0, y: 15, width: 80, height: 30)
        ),
        (
            #"minX="20" minY="15" width="80" height="30""#, #"minX="20" minY="15" height="30""#,
            Rect(x: 20, y: 15, width: 300, height: 30)
        ),
    ])
    func aFrameInsetsLeftOutEdgeIsAtTheSuperviewsEdge(written: String, edited: String, frame: Rect) throws {
        let text = String(decoding: try fixture("frame-inset.xib"), as: UTF8.self)
            .replacingOccurrences(of: written, with: edited)
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "f.xib", animation: .none, measurer: wenQuanYi)
        // The label's constraints place it at (20, 15, 80, 30): the frame read is what differs.
        #expect(result.frameDifferences.map(\.interfaceBuilder) == [frame])
    }

    /// The navigation bar is the navigation controller's: a navigationItem alone (IB keeps it on a
    /// controller taken out of one) puts no bar over the scene.
    @Test(arguments: [(false, 54.0), (true, 98.0)])
    func aSceneInANavigationControllerHasItsBarBelowTheStatusBar(inNavigationController: Bool, y: Double) throws {
        var text = String(decoding: try fixture("guides.storyboard"), as: UTF8.self)
            .replacingOccurrences(
                of: #"<viewController storyboardIdentifier="Safe" id="Gd1-vc-001" sceneMemberID="viewController">"#,
                with:
                    #"<viewController storyboardIdentifier="Safe" id="Gd1-vc-001" sceneMemberID="viewController"><navigationItem key="navigationItem" title="T" id="Gd1-ni-001"/>"#
            )
        if inNavigationController {
            text = text.replacingOccurrences(
                of: "</scenes>",
                with: #"""
                    <scene sceneID="Gd9-sn-000"><objects>
                    <navigationController id="Gd9-nc-000" sceneMemberID="viewController"><connections>
                    <segue destination="Gd1-vc-001" kind="relationship" relationship="rootViewController" id="Gd9-sg-000"/>
                    </connections></navigationController></objects></scene>
                    </scenes>
                    """#)
        }
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "g", animation: .none, measurer: wenQuanYi)
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        // 10 below the safe area's top: the 44 pt status bar, and in a navigation controller its
        // 44 pt navigation bar.
        #expect(try Timeline.make(spec: spec, now: 0, measurer: wenQuanYi).layout.frame(tag: 1).y == y)
    }

    @Test func aVariationThatAppliesReplacesThePropertyValuesItOverrides() throws {
        let result = try XIBImporter.importDocument(
            fixture("variation-overrides.xib"), fileName: "v.xib", animation: .none, measurer: iOSMetrics)
        #expect(result.summary == "2 frames solved and match Interface Builder's")
        #expect(
            result.warnings.map(\.message) == [
                "size classes: the device is retina4_7 (portrait), compact width, regular height; taken: widthClass=compact, heightClass=regular-widthClass=compact (4 property values of theirs applied); not taken: widthClass=regular"
            ])
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        // The compact width's font and colour, not the default's 17 pt black nor the regular width's 40 pt.
        #expect(spec.view(tag: 1)?.font == FontSpec(family: "System", size: 24))
        #expect(spec.view(tag: 1)?.textColor.hexString == "#0000FFFF")
        // hidden and a constraint's constant, as attributes of the variation.
        #expect(spec.view(tag: 2)?.isHidden == true)
        #expect(result.specJSON.contains(#""1.leading == superview.leading + 20""#))
        #expect(!result.specJSON.contains("+ 100"))
    }

    @Test(arguments: [
        ("retina4_7", "portrait", "widthClass=compact", true), ("retina4_7", "portrait", "heightClass=compact", false),
        ("retina4_7", "landscape", "heightClass=compact-widthClass=compact", true),
        ("retina5_5", "landscape", "widthClass=regular", true), ("ipad9_7", "portrait", "widthClass=regular", true),
        ("ipad9_7", "portrait", "heightClass=regular-widthClass=compact", false),
    ])
    func sizeClassesOfADevice(device: String, orientation: String, key: String, matches: Bool) {
        #expect(SizeClasses(device: device, orientation: orientation).matches(key) == matches)
    }
}
