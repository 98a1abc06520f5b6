import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesImport

struct XIBImporterTests {
    static let fixtureNames = ["tagged-labels.xib", "equal-widths.xib", "intrinsic-sizes.xib", "attributes.xib"]

    // MARK: - Every fixture

    @Test(arguments: fixtureNames)
    func theSpecDecodesAndSolvesToInterfaceBuildersFrames(name: String) throws {
        let result = try importFixture(name)
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(result.frameDifferences == [])
        // Solve again here, from the decoded spec, so the check does not rest on the importer's own.
        var sizes: [Int: IntrinsicSize] = [:]
        for view in spec.views where view.kind == .label {
            sizes[view.tag] = try wenQuanYi.measure(view.texts[.idle] ?? "", view.font)
        }
        let layout = try LayoutSolver.solve(
            canvas: spec.canvas, views: spec.views, constraints: spec.constraints, intrinsicSizes: sizes)
        for (tag, frame) in try storedFrames(name) {
            #expect(layout.frame(tag: tag) == frame, "tag \(tag)")
        }
        #expect(layout.frames.count == spec.views.count)
    }

    @Test(arguments: fixtureNames, ImportAnimation.allCases)
    func everyAnimationDecodes(name: String, animation: ImportAnimation) throws {
        let result = try importFixture(name, animation: animation)
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect((spec.program == nil) == (animation == .none))
        #expect(spec.palette.isEmpty == (animation == .none))
        #expect(spec.scenario.refreshStart == .at(0))
        #expect(spec.scenario.workDuration == 4)
        #expect(spec.scenario.controlHeight == spec.canvas.height)
    }

    // MARK: - Labels with tags (Xcode 7, calibratedRGB, fixed sizes, the container as first item)

    @Test func taggedLabelsImportExactly() throws {
        let result = try importFixture("tagged-labels.xib")
        #expect(result.specJSON == Self.taggedLabelsSpec + "\n")
        #expect(result.warnings == [])
        #expect(result.fontMapping.map { "\($0.from) -> \($0.to)" } == ["Avenir-Book -> Avenir-Book"])
    }

    /// Each view an `@IBOutlet` is connected to is named for it (how a nib root of the code's class
    /// connects its outlets): the root view's own outlets first (`hintLabel` wins over File's
    /// Owner's `title`), then File's Owner's (`chip`, since `café` is no name a spec can take); the
    /// root itself (`view`) is not one of the spec's views.
    @Test func viewsAreNamedForTheirOutlets() throws {
        let result = try importFixture("outlets.xib")
        let lines = result.specJSON.split(separator: "\n").filter { $0.contains("\"tag\"") }
        let names = lines.map { line in line.contains("\"name\"") ? line.split(separator: "\"")[5] : "" }
        #expect(names == ["hintLabel", "box", "chip"], "\(lines)")
        #expect(try Spec.decode(Array(result.specJSON.utf8)).views.map(\.name) == ["hintLabel", "box", "chip"])
        #expect(try importFixture("fixed-frames.xib").specJSON.contains("\"name\"") == false)
        // What a name cannot give is the spec's "outlets": File's Owner's second outlet to the
        // label named hintLabel, and its `view`, the root (an owner of no controller class).
        #expect(result.specJSON.contains(#"  "outlets": {"title": 1, "view": "root"},"#), "\(result.specJSON)")
    }

    /// A File's Owner's outlets (Tests/Fixtures/import-code/OwnerView.xib): its `contentView` is the
    /// root, its `<outletCollection>` the labels in the order IB connected them, a second outlet to a
    /// named label its tag, an outlet to a constraint the constraint's `"id"` (read as the document
    /// writes it: the root's bottom first, not turned around); the label's own `gestureRecognizers`
    /// is UIKit's, and an outlet to a constraint from the root's margin is not connected, since the
    /// document's constant (92) is not the spec's (100).
    @Test func aFilesOwnersRootAndCollectionsAreTheSpecsOutlets() throws {
        let xib = fixtures.appendingPathComponent("../../Fixtures/import-code/OwnerView.xib")
        let result = try XIBImporter.importDocument(
            Array(try Data(contentsOf: xib)), fileName: "OwnerView.xib", animation: .none, measurer: wenQuanYi,
            isFontInstalled: { _ in true })
        #expect(
            result.specJSON.contains(
                #"  "outlets": {"contentView": "root", "status": 4, "hintHeight": {"constraint": "hintHeight"}, "bottomGap": {"constraint": "bottomGap"}, "letters": [3, 1, 2]},"#
            ))
        #expect(
            result.specJSON.contains(
                #"{"item": "superview", "attribute": "bottom", "toItem": 4, "toAttribute": "bottom", "constant": 5, "id": "bottomGap"}"#
            ))
        #expect(result.specJSON.contains(#"{"item": 4, "attribute": "height", "constant": 15, "id": "hintHeight"}"#))
        #expect(
            result.warnings.map(\.message).contains(
                "the outlet 'hintLeading' to <constraint id=\"Own-cn-003\"> is not connected: its constant is 92 in the document and 100 from the view's edge here (a margin or a layout guide), so a constant the code sets would not mean the same"
            ))
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.view(tag: 4)?.name == "hint")
        #expect(spec.outlets.map { $0.name } == ["contentView", "status", "hintHeight", "bottomGap", "letters"])
    }

    /// A Display P3 colour (SCRRefreshControl's green, 0.3255/0.6431/0.3176) is converted to sRGB
    /// (0.1619, 0.6524, 0.2705: #29A645), where it was ignored with "not representable".
    @Test func aDisplayP3ColourIsConvertedToSRGB() throws {
        let text = String(decoding: try fixture("outlets.xib"), as: UTF8.self).replacingOccurrences(
            of: #"<color key="textColor" red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="calibratedRGB"/>"#,
            with:
                #"<color key="textColor" red="0.32549019610000002" green="0.64313725489999995" blue="0.31764705879999999" alpha="1" colorSpace="custom" customColorSpace="displayP3"/>"#
        )
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "p3.xib", animation: .none, measurer: wenQuanYi, isFontInstalled: { _ in true })
        #expect(result.warnings.allSatisfy { !$0.message.contains("not representable") }, "\(result.warnings)")
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.view(tag: 1)?.textColor.hexString == "#29A645FF")
    }

    /// The root's alpha fades the whole control in the app; a spec has no such key, so it is said.
    @Test func aRootAlphaIsSaid() throws {
        let text = String(decoding: try fixture("outlets.xib"), as: UTF8.self).replacingOccurrences(
            of: #"<view contentMode="scaleToFill" id="Fxd-rt-000""#,
            with: #"<view contentMode="scaleToFill" alpha="0.5" id="Fxd-rt-000""#)
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "alpha.xib", animation: .none, measurer: wenQuanYi,
            isFontInstalled: { _ in true })
        #expect(
            result.warnings.map(\.message).contains(
                "alpha 0.5 of the root view is not represented in a spec: the canvas and its views are drawn at alpha 1"
            ))
        #expect(try importFixture("outlets.xib").warnings.allSatisfy { !$0.message.contains("alpha") })
    }

    /// An iOS family keeps its iOS name whatever is installed: the spec means the same on every machine.
    @Test func anIOSFamilyKeepsItsIOSName() throws {
        let result = try importFixture("tagged-labels.xib", installed: ["WenQuanYi Micro Hei", "Avenir"])
        #expect(try Spec.decode(Array(result.specJSON.utf8)).views.allSatisfy { $0.font.family == "Avenir-Book" })
    }

    @Test func anInstalledFamilyIsKeptAndAMissingOneIsReplaced() throws {
        let text = String(decoding: try fixture("tagged-labels.xib"), as: UTF8.self).replacingOccurrences(
            of: "name=\"Avenir-Book\" family=\"Avenir\"", with: "name=\"DejaVuSans-Bold\" family=\"DejaVu Sans\"")
        for (installed, family) in [(["DejaVu Sans"], "DejaVu Sans"), ([], "WenQuanYi Micro Hei")] {
            let result = try XIBImporter.importDocument(
                Array(text.utf8), fileName: "dejavu.xib", animation: .none, measurer: wenQuanYi,
                isFontInstalled: { installed.contains($0) })
            #expect(result.fontMapping.map { "\($0.from) -> \($0.to)" } == ["DejaVuSans-Bold -> \(family) bold"])
            #expect(try Spec.decode(Array(result.specJSON.utf8)).views.allSatisfy { $0.font.family == family })
        }
    }

    static let taggedLabelsSpec = """
        {
          "description": "Imported from tagged-labels.xib by refresh-frames import.",
          "canvas": {"width": 550, "height": 60, "scale": 2, "background": "#ECF0F1FF"},
          "views": [
            {"tag": 3, "kind": "label", "text": "新", "font": {"family": "Avenir-Book", "size": 20, "weight": "regular"}, "textColor": "#000000FF", "textAlignment": "center"},
            {"tag": 4, "kind": "label", "text": "中", "font": {"family": "Avenir-Book", "size": 20, "weight": "regular"}, "textColor": "#000000FF", "textAlignment": "center"},
            {"tag": 2, "kind": "label", "text": "刷", "font": {"family": "Avenir-Book", "size": 20, "weight": "regular"}, "textColor": "#000000FF", "textAlignment": "center"},
            {"tag": 1, "kind": "label", "text": "拉", "font": {"family": "Avenir-Book", "size": 20, "weight": "regular"}, "textColor": "#000000FF", "textAlignment": "center"}
          ],
          "constraints": [
            "4.centerY == superview.centerY",
            "1.centerY == superview.centerY",
            "3.centerX == superview.centerX + 25",
            "4.leading == 3.trailing + 8",
            "3.centerY == superview.centerY",
            "3.leading == 2.trailing + 8",
            "2.leading == 1.trailing + 8",
            "2.centerY == superview.centerY",
            "3.width == 20",
            "3.height == 30",
            "4.height == 30",
            "4.width == 20",
            "2.height == 30",
            "2.width == 20",
            "1.height == 30",
            "1.width == 20"
          ],
          "palette": ["magenta", "brown", "yellow", "red", "green", "blue", "orange"],
          "program": {
            "check": "afterCycle",
            "cycle": [
              {"each": {"views": [1, 2, 3, 4], "steps": [
                {"animate": {"duration": 0.1, "curve": "linear", "set": {"transform": {"rotation": 45}, "textColor": "palette.next"}}},
                {"animate": {"duration": 0.05, "curve": "linear", "set": {"transform": "identity", "textColor": "initial"}}}
              ]}},
              {"animate": {"views": [1, 2, 3, 4], "duration": 0.35, "curve": "linear", "set": {"transform": {"scale": 1.5}}}},
              {"animate": {"views": [1, 2, 3, 4], "duration": 0.25, "curve": "linear", "set": {"transform": "identity"}}}
            ],
            "reset": {"textColor": "initial", "transform": "identity"}
          },
          "scenario": {"refreshAt": 0, "workDuration": 4, "controlHeight": 60}
        }
        """

    // MARK: - Equal-width chain (Xcode 10, sRGB, duplicated constraints, pixel snapping)

    @Test func theEqualWidthChainSnapsEdgesToHalfPoints() throws {
        let result = try importFixture("equal-widths.xib")
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        let layout = try LayoutSolver.solve(
            canvas: spec.canvas, views: spec.views, constraints: spec.constraints,
            intrinsicSizes: Dictionary(
                uniqueKeysWithValues: spec.views.map {
                    ($0.tag, try! wenQuanYi.measure(spec.view(tag: $0.tag)!.texts[.idle]!, $0.font))
                }))
        // uikit-semantics.md §6.2: 325 pt in 12 equal widths, every edge rounded to the nearest 0.5 pt.
        let edges = [25, 52, 79, 106.5, 133.5, 160.5, 187.5, 214.5, 241.5, 269, 296, 323, 350]
        for tag in 1...12 {
            let expected = Rect(x: edges[tag - 1], y: 16.5, width: edges[tag] - edges[tag - 1], height: 27.5)
            #expect(layout.frame(tag: tag) == expected, "tag \(tag)")
        }
        #expect(result.frameDifferences == [])
    }

    @Test func duplicatedConstraintsAreDroppedWithAWarning() throws {
        let name = "equal-widths.xib"
        let result = try importFixture(name)
        #expect(
            result.warnings == [
                ImportWarning(
                    line: try line(of: "id=\"C09-eq-009\"", in: name), element: "<constraint id=\"C09-eq-009\">",
                    message:
                        "duplicates <constraint id=\"C08-eq-008\"> on line \(try line(of: "id=\"C08-eq-008\"", in: name)); dropped"
                ),
                ImportWarning(
                    line: try line(of: "id=\"C18-eq-018\"", in: name), element: "<constraint id=\"C18-eq-018\">",
                    message:
                        "duplicates <constraint id=\"C17-eq-017\"> on line \(try line(of: "id=\"C17-eq-017\"", in: name)); dropped"
                ),
            ])
        #expect(result.warnings.first?.line == 101)
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.constraints.count == 11 * 4 + 3)
        #expect(result.specJSON.contains("\"1.leading == superview.leading + 25\""))
        #expect(result.specJSON.contains("\"12.trailing == superview.trailing - 25\""))
        #expect(result.specJSON.contains("\"2.width == 1.width\""))
    }

    /// The real 30DaysofSwift file uses Avenir-Book 20: with iOS's Avenir line height (27.5 pt high
    /// labels) every frame is Interface Builder's; the note names the stand-in and the metrics' source.
    @Test func anIOSFontIsLaidOutWithIOSsLineHeight() throws {
        let text = String(decoding: try fixture("equal-widths.xib"), as: UTF8.self).replacingOccurrences(
            of: "name=\"WenQuanYiMicroHei\" family=\"WenQuanYi Micro Hei\" pointSize=\"23.4\"",
            with: "name=\"Avenir-Book\" family=\"Avenir\" pointSize=\"20\"")
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "avenir.xib", animation: .none, measurer: iOSMetrics,
            standIn: { $0.family == "Avenir-Book" ? "Inter Regular" : nil })
        #expect(result.frameDifferences == [])
        #expect(result.specJSON.contains(#""font": {"family": "Avenir-Book", "size": 20, "weight": "regular"}"#))
        let report = ImportReport.lines(for: result, path: "avenir.xib")
        #expect(
            report.contains(
                "avenir.xib: note: font 'Avenir-Book' is drawn with 'Inter Regular'; line height from iOS's metrics, advance widths the stand-in's"
            ))
    }

    /// Without iOS's line height (WenQuanYi's 23.5 pt) every label sits 2 pt lower, and the check says so.
    @Test func aLineHeightThatChangesTheLayoutIsReported() throws {
        let text = String(decoding: try fixture("equal-widths.xib"), as: UTF8.self).replacingOccurrences(
            of: "name=\"WenQuanYiMicroHei\" family=\"WenQuanYi Micro Hei\" pointSize=\"23.4\"",
            with: "name=\"Avenir-Book\" family=\"Avenir\" pointSize=\"20\"")
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "avenir.xib", animation: .none, measurer: wenQuanYi)
        let edges = [25, 52, 79, 106.5, 133.5, 160.5, 187.5, 214.5, 241.5, 269, 296, 323, 350]
        #expect(result.frameDifferences.map(\.tag) == Array(1...12))
        for difference in result.frameDifferences {
            let x = edges[difference.tag - 1]
            let width = edges[difference.tag] - x
            #expect(difference.interfaceBuilder == Rect(x: x, y: 16.5, width: width, height: 27.5))
            #expect(difference.solved == Rect(x: x, y: 18.5, width: width, height: 23.5))
        }
        let report = ImportReport.lines(for: result, path: "avenir.xib")
        #expect(
            report.last
                == "avenir.xib:\(try line(of: "x=\"323\"", in: "equal-widths.xib")): frame of tag 12: IB (323, 16.5, 27, 27.5), solved (323, 18.5, 27, 23.5)"
        )
    }

    // MARK: - Intrinsic sizes (the rotate-and-scale layout from WenQuanYi 22's measured size)

    @Test func labelsTakeTheirMeasuredSize() throws {
        let result = try importFixture("intrinsic-sizes.xib")
        #expect(result.warnings == [])
        #expect(result.frameDifferences == [])
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.canvas.background == RGBA(parsing: "#EDEDED"))  // calibratedWhite 0.93
        #expect(spec.views.allSatisfy { $0.textColor == .black && $0.huggingPriority == 251 })  // darkTextColor
        #expect(spec.constraints.count == 14)
        #expect(result.specJSON.contains("\"4.centerX == superview.centerX\""))
        // Measuring wrongly must show: a measurer 1 pt wider moves every label.
        let wider = TextMeasurer { text, font in
            let size = try wenQuanYi.measure(text, font)
            return IntrinsicSize(width: size.width + 1, height: size.height)
        }
        let off = try XIBImporter.importDocument(
            fixture("intrinsic-sizes.xib"), fileName: "x.xib", animation: .none, measurer: wider)
        #expect(off.frameDifferences.count == 7)
        // 23 pt labels 10 apart, the fourth centred: 187.5 - 11.5 - 3 * 33 = 77.
        #expect(off.frameDifferences.first?.solved == Rect(x: 77, y: 17, width: 23, height: 26))
    }

    // MARK: - Attributes (Xcode 11: system colours, weights, hidden, runtime attributes, placeholders)

    @Test func attributesMapOrWarn() throws {
        let name = "attributes.xib"
        let result = try importFixture(name)
        func at(_ id: String) throws -> Int { try line(of: "id=\"\(id)\"", in: name) }
        #expect(
            result.warnings == [
                ImportWarning(
                    line: try at("Av5-at-vw5"), element: "<view id=\"Av5-at-vw5\">", message: "no tag; assigned tag 5"),
                ImportWarning(
                    line: try at("Al2-at-lb2"), element: "<label id=\"Al2-at-lb2\">",
                    message:
                        "horizontalHuggingPriority 251 and verticalHuggingPriority 252 differ; a spec has one value, using 251"
                ),
                ImportWarning(
                    line: try at("Ab4-at-bt4"), element: "<button id=\"Ab4-at-bt4\">",
                    message:
                        "the button has no <fontDescription> and UIButton's default title font is not established here; IB's frame stands in for its size"
                ),
                // top == topMargin + 2 is top == top + 10 with the root's 8 pt margin: the same as line 57.
                ImportWarning(
                    line: try at("Ac3-at-c03"), element: "<constraint id=\"Ac3-at-c03\">",
                    message: "duplicates <constraint id=\"Ac2-at-c02\"> on line 57; dropped"),
            ])
        #expect(result.warnings[2].line == 46)
        #expect(result.frameDifferences == [])
        #expect(
            result.fontMapping.map { "\($0.from) -> \($0.to)" } == [
                "System Bold -> System bold", "System Semibold -> System semibold", "System -> System",
            ])

        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.views.map(\.tag) == [1, 2, 5, 4])
        #expect(spec.canvas.background == .white)  // systemBackgroundColor, from <resources>
        let hi = try #require(spec.view(tag: 1))
        #expect(hi.font == FontSpec(family: "System", size: 17, weight: "bold"))
        #expect(hi.textColor == RGBA(parsing: "#FF0000"))
        #expect(hi.textAlignment == .right)
        let hidden = try #require(spec.view(tag: 2))
        #expect(hidden.isHidden && hidden.alpha == 1)
        #expect(hidden.textAlignment == .left)  // natural
        #expect(hidden.font == FontSpec(family: "System", size: 15, weight: "semibold"))
        #expect(hidden.backgroundColor == RGBA(parsing: "#808080"))  // calibratedWhite 0.5
        let dot = try #require(spec.view(tag: 5))
        #expect(dot.kind == .view)
        #expect(dot.cornerRadius == .points(8))
        #expect(dot.backgroundColor == RGBA(parsing: "#3366CC80"))
        // A titled button is drawn as its title: a system button's is the tint colour, iOS's blue.
        let go = try #require(spec.view(tag: 4))
        #expect(go.kind == .label && go.texts[.idle] == "Go" && go.textColor.hexString == "#007AFFFF")
        #expect(go.font == FontSpec(family: "System", size: 15))

        for written in [
            "\"2.width == 2 * 1.width\"", "\"2.leading == 1.trailing + 8 @750\"",
            "\"5.leading >= superview.leading + 250\"", "\"5.centerX == superview.centerX @500\"",
            "\"5.bottom <= superview.bottom - 10\"",
            "{\"item\": \"superview\", \"attribute\": \"height\", \"toItem\": 4, \"toAttribute\": \"height\", \"multiplier\": 4}",
        ] {
            #expect(result.specJSON.contains(written), "\(written)")
        }
        #expect(!result.specJSON.contains("topMargin"))
    }

    @Test(arguments: [
        ("2:1", 2.0), ("3:4", 0.75), ("1/3", 1.0 / 3), ("1/0", nil), ("0.5", 0.5), ("1", 1.0), ("a:b", nil),
        ("1:0", nil), ("", nil),
    ])
    func multipliers(text: String, value: Double?) {
        #expect(DocumentReader.multiplier(text) == value)
    }

    // MARK: - Not an Interface Builder document

    @Test func xmlThatIsNotAnInterfaceBuilderDocumentIsAnError() throws {
        #expect(throws: ImportError.notInterfaceBuilder(line: 3, found: "<plist>")) {
            try importFixture("not-interface-builder.plist")
        }
        let error = ImportError.notInterfaceBuilder(line: 3, found: "<plist>")
        #expect(
            error.formatted(file: "a.plist") == """
                a.plist:3: error: expected an Interface Builder document, \
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"> or \
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">, found <plist>
                """)
        let other = #"<?xml version="1.0"?><document type="com.apple.InterfaceBuilder3.Cocoa.XIB"/>"#
        #expect(
            throws: ImportError.notInterfaceBuilder(
                line: 1, found: #"<document type="com.apple.InterfaceBuilder3.Cocoa.XIB">"#)
        ) {
            try XIBImporter.importDocument(
                Array(other.utf8), fileName: "mac.xib", animation: .none, measurer: wenQuanYi)
        }
    }

    @Test func bytesThatAreNotXMLAreAnErrorWithTheLine() throws {
        do {
            _ = try importFixture("truncated.xib")
            Issue.record("expected an error")
        } catch let error as ImportError {
            guard case .notXML(let line, _) = error else { throw error }
            // The <view> opened on line 4 is never closed; libxml2 gives up at the end, line 6.
            #expect(line == 6)
            #expect(
                error.formatted(file: "t.xib")
                    == "t.xib:6: error: not an XML document (extra content at the end of the document); expected an Interface Builder .xib or .storyboard"
            )
        }
        #expect(throws: ImportError.notXML(line: 1, detail: "the document is empty or does not start with an element"))
        {
            try XIBImporter.importDocument(
                Array("{\"canvas\": 1}".utf8), fileName: "x.json", animation: .none, measurer: wenQuanYi)
        }
    }

    @Test func aDocumentWithoutSubviewsIsAnError() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <view contentMode="scaleToFill" id="abc-de-fgh">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                    </view>
                </objects>
            </document>
            """
        #expect(throws: ImportError.noSubviews(line: 4)) {
            try XIBImporter.importDocument(Array(xml.utf8), fileName: "e.xib", animation: .none, measurer: wenQuanYi)
        }
    }

    // MARK: - Helpers

    /// The `<rect key="frame">` of every tagged subview, read independently of the importer.
    func storedFrames(_ name: String) throws -> [Int: Rect] {
        let text = String(decoding: try fixture(name), as: UTF8.self)
        var frames: [Int: Rect] = [:]
        var tag: Int?
        for line in text.split(separator: "\n") {
            if line.contains("<label ") || line.contains("<view ") || line.contains("<button ") {
                tag = attribute("tag", in: line).flatMap { Int($0) }
            } else if line.contains("<rect key=\"frame\""), let t = tag {
                func n(_ key: String) -> Double { Double(attribute(key, in: line)!)! }
                frames[t] = Rect(x: n("x"), y: n("y"), width: n("width"), height: n("height"))
                tag = nil
            }
        }
        return frames
    }

    func attribute(_ name: String, in line: Substring) -> String? {
        guard let range = line.range(of: " \(name)=\"") else { return nil }
        return String(line[range.upperBound...].prefix { $0 != "\"" })
    }
}

struct StoryboardAndReportTests {
    @Test func aStoryboardImportsItsFirstScene() throws {
        let name = "scene.storyboard"
        let result = try importFixture(name)
        #expect(
            result.warnings == [
                ImportWarning(
                    line: try line(of: "sceneID=\"Sc2-sn-002\"", in: name), element: "<scene>",
                    message: "scene 'Sc2-sn-002' is skipped; import it with --scene")
            ])
        #expect(result.frameDifferences == [])
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.canvas.width == 375 && spec.canvas.height == 60)
        #expect(spec.canvas.background == RGBA(parsing: "#EFEFF4"))  // groupTableViewBackgroundColor
        #expect(spec.views.map(\.font) == [FontSpec(family: "System", size: 17, weight: "regular")])
        #expect(result.specJSON.contains("\"1.width == 1.height\""))
        #expect(result.fontMapping.map { "\($0.from) -> \($0.to)" } == ["System -> System"])
    }

    @Test func theMarqueeLeavesItsLastLabelOut() throws {
        let result = try importFixture("intrinsic-sizes.xib", animation: .marquee)
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        guard case .each(let each)? = spec.program?.cycle.first else {
            Issue.record("expected an each step")
            return
        }
        #expect(each.views == Array(1...7))
        #expect(each.wrapAt == 6)
        #expect(spec.program?.check == .afterEachView)
    }

    @Test func theReportListsWarningsFontsAndFrames() {
        let result = ImportResult(
            specJSON: "{}",
            warnings: [ImportWarning(line: 46, element: "<button id=\"Ab4-at-bt4\">", message: "not supported")],
            frameDifferences: [
                FrameDifference(
                    tag: 3, line: 14, interfaceBuilder: Rect(x: 290, y: 15, width: 20, height: 30),
                    solved: Rect(x: 290, y: 15, width: 20, height: 31)),
                FrameDifference(
                    tag: 9, line: 40, interfaceBuilder: Rect(x: 241.5, y: 16.5, width: 27.5, height: 27.5),
                    solved: Rect(x: 241.25, y: 16.5, width: 27.75, height: 27.5)),
            ],
            fontMapping: [
                (from: "Avenir-Book", to: "Inter Regular"),
                (from: "Brand-Bold", to: "WenQuanYi Micro Hei Regular with synthetic bold"),
            ])
        #expect(
            ImportReport.lines(for: result, path: "a/b.xib") == [
                "a/b.xib:46: warning: <button id=\"Ab4-at-bt4\">: not supported",
                "a/b.xib: note: font 'Avenir-Book' is drawn with 'Inter Regular'; line height from iOS's metrics, advance widths the stand-in's",
                "a/b.xib: note: font 'Brand-Bold' is drawn with 'WenQuanYi Micro Hei Regular with synthetic bold'",
                "a/b.xib:14: frame of tag 3: IB (290, 15, 20, 30), solved (290, 15, 20, 31)",
                "a/b.xib:40: frame of tag 9: IB (241.5, 16.5, 27.5, 27.5), solved (241.25, 16.5, 27.75, 27.5)",
            ])
    }
}

/// IB's system colours that are iOS's semantic colours are imported by name, so the spec follows
/// `--appearance`; a device in the dark appearance gives the spec `"appearance": "dark"`.
@Suite struct SemanticColorImportTests {
    func importAttributes(appearance: String) throws -> ImportResult {
        let xib = String(decoding: try fixture("attributes.xib"), as: UTF8.self)
            .replacingOccurrences(of: "appearance=\"light\"", with: "appearance=\"\(appearance)\"")
        return try XIBImporter.importDocument(
            Array(xib.utf8), fileName: "attributes.xib", animation: .rotateScale, measurer: wenQuanYi,
            isFontInstalled: { ["WenQuanYi Micro Hei", "DejaVu Sans"].contains($0) })
    }

    @Test func systemColorsAreWrittenAsSemanticColors() throws {
        let result = try importAttributes(appearance: "light")
        #expect(result.specJSON.contains("\"background\": \"systemBackground\""))
        #expect(result.specJSON.contains("\"textColor\": \"darkText\""))
        #expect(!result.specJSON.contains("\"appearance\""))
        #expect(try Spec.decode(Array(result.specJSON.utf8)).canvas.background == .white)
    }

    @Test func aDarkDeviceGivesADarkSpec() throws {
        let result = try importAttributes(appearance: "dark")
        #expect(result.specJSON.contains("\"appearance\": \"dark\""))
        let spec = try Spec.decode(Array(result.specJSON.utf8))
        #expect(spec.appearance == .dark)
        #expect(spec.canvas.background == .black)  // systemBackground in the dark
    }
}
