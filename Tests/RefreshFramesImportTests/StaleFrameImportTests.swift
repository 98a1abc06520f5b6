import RefreshFramesCore
import Testing

@testable import RefreshFramesImport

/// Frames IB stored stale — marked misplaced, or breaking the document's own constraints — are
/// said so in the summary and the difference lines, and are still differences: a match keeps
/// meaning IB's frame. stale-frames.xib's comment derives the frames by hand.
struct StaleFrameImportTests {
    static func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    @Test func aStaleFrameIsADifferenceThatSaysWhyIBsFrameIsStale() throws {
        let result = try importFixture("stale-frames.xib")
        let centerX = try line(of: "id=\"Stl-c2-001\"", in: "stale-frames.xib")
        #expect(
            result.summary
                == "1 frame solved and matches Interface Builder's; 1 solved and differs (largest difference 6 pt, tag 3); 2 solved and differ where IB's frame is off its constraints (tag 1: IB's stored frames break the constraint on line \(centerX), tag 2: IB's stored frame is marked misplaced)"
        )
        #expect(result.frameCheck.matching == [4])
        #expect(
            result.frameDifferences == [
                FrameDifference(
                    tag: 1, line: try line(of: "width=\"441\"", in: "stale-frames.xib"),
                    interfaceBuilder: Self.r(20, 20, 441, 21), solved: Self.r(20, 20, 440, 21),
                    brokenConstraint: BrokenConstraint(
                        line: centerX, attribute: "centerX", stored: 240.5, expected: 240)),
                FrameDifference(
                    tag: 2, line: try line(of: "x=\"30\" y=\"60\"", in: "stale-frames.xib"),
                    interfaceBuilder: Self.r(30, 60, 100, 20), solved: Self.r(20, 60, 100, 20), misplaced: true),
                FrameDifference(
                    tag: 3, line: try line(of: "x=\"300\" y=\"60\"", in: "stale-frames.xib"),
                    interfaceBuilder: Self.r(300, 60, 40, 20), solved: Self.r(300, 60, 34, 20)),
            ])
        let lines = ImportReport.lines(for: result, path: "s.xib").filter { $0.contains("frame of tag") }
        #expect(
            lines.first
                == "s.xib:\(result.frameDifferences[0].line): frame of tag 1: IB (20, 20, 441, 21), solved (20, 20, 440, 21) (IB's stored frames break the constraint on line \(centerX): centerX 240.5 where it makes 240)"
        )
        #expect(lines.last?.hasSuffix("solved (300, 60, 34, 20)") == true)
    }

    /// A view placed after tag 1 (leading = tag 1's trailing + 10): IB stored it at 20 + 441 + 10 =
    /// 471, which agrees with IB's stale 441 of tag 1; UIKit puts it at 470. Its difference is said
    /// to follow tag 1's, and counts with the stale ones.
    @Test func aFrameThatAgreesWithAStaleOneFollowsIt() throws {
        let text = String(decoding: try fixture("stale-frames.xib"), as: UTF8.self)
            .replacingOccurrences(
                of: "</subviews>",
                with: #"""
                        <view contentMode="scaleToFill" tag="5" translatesAutoresizingMaskIntoConstraints="NO" id="Stl-vw-005">
                            <rect key="frame" x="471" y="20" width="5" height="21"/>
                            <constraints>
                                <constraint firstAttribute="width" constant="5" id="Stl-w5-005"/>
                                <constraint firstAttribute="height" constant="21" id="Stl-h5-005"/>
                            </constraints>
                        </view>
                    </subviews>
                    """#
            )
            .replacingOccurrences(
                of: #"id="Stl-c9-004"/>"#,
                with: #"""
                    id="Stl-c9-004"/>
                    <constraint firstItem="Stl-vw-005" firstAttribute="leading" secondItem="Stl-vw-001" secondAttribute="trailing" constant="10" id="Stl-c10-005"/>
                    <constraint firstItem="Stl-vw-005" firstAttribute="top" secondItem="Stl-rt-000" secondAttribute="top" constant="20" id="Stl-c11-005"/>
                    """#)
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "s.xib", animation: .none, measurer: wenQuanYi)
        let tag5 = try #require(result.frameDifferences.first { $0.tag == 5 })
        let tie = try #require(
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Stl-c10-005") })
        #expect(tag5.solved == Self.r(470, 20, 5, 21))
        #expect(tag5.brokenConstraint == nil)
        #expect(tag5.follows?.tag == 1 && tag5.follows?.line == tie + 1)
        #expect(
            result.summary.contains(
                "where IB's frame is off its constraints or follows one that is (tag 1: IB's stored frames break the constraint on line"
            ))
        #expect(result.summary.contains("tag 5: IB's frame follows tag 1's by the constraint on line \(tie + 1)"))
        let line = ImportReport.lines(for: result, path: "s.xib").first { $0.contains("frame of tag 5") }
        #expect(
            line?.hasSuffix(
                "solved (470, 20, 5, 21) (IB's frame agrees by the constraint on line \(tie + 1) with tag 1's, which is off its constraints)"
            ) == true)
    }

    /// Tag 4 made 20.5 tall by its constraint, stored 21: in a document without `<device>` (Xcode 7
    /// or earlier) the line says IB stored the height on a whole point; with a device it does not.
    @Test(arguments: [true, false])
    func aWholePointSizeIsSaidInADocumentWithoutADevice(withoutDevice: Bool) throws {
        var text = String(decoding: try fixture("stale-frames.xib"), as: UTF8.self)
            .replacingOccurrences(
                of: #"<rect key="frame" x="400" y="60" width="40" height="20"/>"#,
                with: #"<rect key="frame" x="400" y="60" width="40" height="21"/>"#
            )
            .replacingOccurrences(
                of: #"<constraint firstAttribute="height" constant="20" id="Stl-h4-004"/>"#,
                with: #"<constraint firstAttribute="height" constant="20.5" id="Stl-h4-004"/>"#)
        if withoutDevice {
            let device = try #require(text.range(of: "<device"))
            let end = try #require(text.range(of: "</device>"))
            text.removeSubrange(device.lowerBound..<end.upperBound)
        }
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "s.xib", animation: .none, measurer: wenQuanYi)
        let tag4 = try #require(result.frameDifferences.first { $0.tag == 4 })
        #expect(tag4.solved == Self.r(400, 60, 40, 20.5))
        #expect(tag4.wholePoints == (withoutDevice ? ["height"] : []))
        #expect(tag4.brokenConstraint?.attribute == "height")  // 21 where its constraint makes 20.5
        let line = ImportReport.lines(for: result, path: "s.xib").first { $0.contains("frame of tag 4") }
        #expect(
            line?.hasSuffix(
                "(IB stored its height on a whole point, as Xcode 7 and earlier could: the document has no <device>)")
                == withoutDevice)
    }

    /// A constraint to a margin or a guide is not checked: its offset is the import's (8 pt for a
    /// plain view's margin here), not IB's, so a difference there stays a plain one.
    @Test func aConstraintToAMarginIsNotCheckedAgainstIBsFrames() throws {
        let text = String(decoding: try fixture("stale-frames.xib"), as: UTF8.self)
            .replacingOccurrences(
                of: #"secondItem="Stl-rt-000" secondAttribute="leading" constant="400""#,
                with: #"secondItem="Stl-rt-000" secondAttribute="leadingMargin" constant="400""#)
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "s.xib", animation: .none, measurer: wenQuanYi)
        let tag4 = try #require(result.frameDifferences.first { $0.tag == 4 })
        #expect(tag4.solved == Self.r(408, 60, 40, 20))
        #expect(!tag4.isStale)
    }
    /// A label centred in the 480 pt root (centerX = the root's 240), its text 2 x 17 = 34 wide by
    /// the test measurer: UIKit puts it at x = 240 - 17 = 223. IB stored it 40 wide at x = 220.5, as
    /// a wider font would, with its centre 220.5 + 20 = 240.5: off the centerX constraint by 0.5. Put
    /// right (moved by -0.5, or resized at one end by -1), the frame is still 2.5 pt or more from
    /// the solved one: the stale part is not the whole difference, so it is a plain difference,
    /// and its line says the constraint is off without the words that mark a stale one.
    @Test func aFrameOffItsConstraintByLessThanItsDifferenceIsAPlainDifference() throws {
        let text = String(decoding: try fixture("stale-frames.xib"), as: UTF8.self)
            .replacingOccurrences(
                of: "</subviews>",
                with: #"""
                        <label opaque="NO" userInteractionEnabled="NO" tag="6" contentMode="left" text="刷新" textAlignment="center" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Stl-lb-006">
                            <rect key="frame" x="220.5" y="90" width="40" height="20"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                            <nil key="textColor"/>
                            <nil key="highlightedColor"/>
                        </label>
                        <label opaque="NO" userInteractionEnabled="NO" tag="7" contentMode="left" text="刷新" textAlignment="center" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Stl-lb-007">
                            <rect key="frame" x="324" y="90" width="33" height="20"/>
                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                            <nil key="textColor"/>
                            <nil key="highlightedColor"/>
                        </label>
                    </subviews>
                    """#
            )
            .replacingOccurrences(
                of: #"id="Stl-c9-004"/>"#,
                with: #"""
                    id="Stl-c9-004"/>
                    <constraint firstItem="Stl-lb-006" firstAttribute="centerX" secondItem="Stl-rt-000" secondAttribute="centerX" id="Stl-c12-006"/>
                    <constraint firstItem="Stl-lb-006" firstAttribute="top" secondItem="Stl-rt-000" secondAttribute="top" constant="90" id="Stl-c13-006"/>
                    <constraint firstItem="Stl-lb-007" firstAttribute="centerX" secondItem="Stl-rt-000" secondAttribute="centerX" constant="100" id="Stl-c14-007"/>
                    <constraint firstItem="Stl-lb-007" firstAttribute="top" secondItem="Stl-rt-000" secondAttribute="top" constant="90" id="Stl-c15-007"/>
                    """#)
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "s.xib", animation: .none, measurer: wenQuanYi)
        let tag6 = try #require(result.frameDifferences.first { $0.tag == 6 })
        let centre = try #require(
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Stl-c12-006") })
        #expect(tag6.solved == Self.r(223, 90, 34, 20))
        #expect(tag6.brokenConstraint?.line == centre + 1)
        #expect(tag6.partlyStale)
        #expect(!tag6.isStale)
        // Tag 7, centred 100 right of the root's centre: solved (340 - 17 = 323, 90, 34, 20); IB
        // stored (324, 90, 33, 20), centre 340.5. Resizing it at its left end by twice the 0.5 would
        // give the solved frame, but its width is its text's, not its constraints': only moving it
        // is IB's offset to put right, which leaves 1 pt of width: a plain difference.
        let tag7 = try #require(result.frameDifferences.first { $0.tag == 7 })
        #expect(tag7.solved == Self.r(323, 90, 34, 20))
        #expect(tag7.partlyStale && !tag7.isStale)
        // Tag 1's 441, whose 0.5 pt off its centerX is its whole difference, stays stale.
        #expect(result.frameDifferences.first { $0.tag == 1 }?.isStale == true)
        #expect(
            result.summary.hasPrefix(
                "1 frame solved and matches Interface Builder's; 3 solved and differ (largest difference 6 pt, tag 3); 2 solved and differ where IB's frame is off its constraints (tag 1: "
            ))
        let line = ImportReport.lines(for: result, path: "s.xib").first { $0.contains("frame of tag 6") }
        #expect(
            line?.hasSuffix(
                "solved (223, 90, 34, 20) (IB's stored frames are also off the constraint on line \(centre + 1), centerX 240.5 where it makes 240, but putting IB's offsets right leaves the view more than 0.5 pt from the solved frame)"
            ) == true)
    }
    /// Tag 1 also placed 19 below the top (its top constraint made 19, IB's frame kept at 20): its
    /// stored frame breaks two constraints, centerX (the 441) and top (by 1); putting both right
    /// leaves it on the solved (20, 19, 440, 21), so it stays stale (the centerX alone would leave
    /// it 1 pt off).
    @Test func aFrameOffTwoOfItsConstraintsIsStaleWhenBothMakeItsWholeDifference() throws {
        let text = String(decoding: try fixture("stale-frames.xib"), as: UTF8.self)
            .replacingOccurrences(
                of: #"secondAttribute="top" constant="20" id="Stl-c3-001""#,
                with: #"secondAttribute="top" constant="19" id="Stl-c3-001""#)
        let result = try XIBImporter.importDocument(
            Array(text.utf8), fileName: "s.xib", animation: .none, measurer: wenQuanYi)
        let tag1 = try #require(result.frameDifferences.first { $0.tag == 1 })
        #expect(tag1.solved == Self.r(20, 19, 440, 21))
        #expect(tag1.brokenConstraint?.attribute == "centerX")
        #expect(!tag1.partlyStale)
        #expect(tag1.isStale)
    }
}
