import Foundation
import Testing

private func fixture(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Tests/RefreshFramesImportTests/Fixtures/\(name)").path
}

/// `import` with the real fonts: the frames Interface Builder stored are the check.
struct ImportCommandTests {
    @Test(arguments: [
        ("tagged-labels.xib", "4 frames solved and match Interface Builder's"),
        ("equal-widths.xib", "12 frames solved and match Interface Builder's"),
        ("intrinsic-sizes.xib", "7 frames solved and match Interface Builder's"),
        ("attributes.xib", "4 frames solved and match Interface Builder's"),
        ("scene.storyboard", "1 frame solved and matches Interface Builder's"),
        ("nested-views.xib", "5 frames solved and match Interface Builder's"),
        ("margins.xib", "4 frames solved and match Interface Builder's"),
        ("guides.storyboard", "2 frames solved and match Interface Builder's"),
        ("fixed-frames.xib", "3 frames solved and match Interface Builder's"),
        ("frame-inset.xib", "2 frames solved and match Interface Builder's"),
        ("attributed-text.xib", "1 frame solved and matches Interface Builder's"),
        ("attributed-strings.xib", "1 frame solved and matches Interface Builder's"),
        ("buttons.xib", "5 frames solved and match Interface Builder's"),
        (
            "autoresizing-container.xib",
            "2 frames solved and match Interface Builder's; 3 solved and differ (largest difference 135 pt, tag 2); 1 solved and differs where IB's frame is off its constraints (tag 10: IB's stored frame is marked misplaced)"
        ),
        ("baselines.xib", "5 frames solved and match Interface Builder's"),
        ("variations.xib", "1 frame solved and matches Interface Builder's"),
        ("variation-overrides.xib", "2 frames solved and match Interface Builder's"),
        ("multi-line-labels.xib", "5 frames solved and match Interface Builder's"),
        ("root-margins.storyboard", "2 frames solved and match Interface Builder's"),
        ("table-cell.xib", "1 frame solved and matches Interface Builder's"),
        (
            "controls.xib",
            "6 frames solved and match Interface Builder's; 1 pinned to Interface Builder's frame (the layout leaves it undetermined)"
        ),
        (
            "unsolvable.xib",
            "1 frame solved and matches Interface Builder's; 1 solved and differs where IB's frame is off its constraints (tag 3: IB's stored frame is marked misplaced); 1 pinned to Interface Builder's frame (the layout leaves it undetermined)"
        ),
    ])
    func importedSpecsSayWhatMatchesInterfaceBuildersFramesAndPlay(name: String, summary: String) throws {
        let dir = try temporaryDirectory()
        let spec = dir + "/x.json"
        let r = try run(["import", fixture(name), "-o", spec])
        #expect(r.status == 0)
        #expect(r.stderr.hasSuffix("wrote \(spec): \(summary)\n"))
        #expect(try run(["validate", spec]).status == 0)
        #expect(try run(["render", spec, "--at", "0.05", "-o", dir + "/x.png"]).status == 0)
    }

    /// The README's one-liner on stack views, rendered half-way through the refresh.
    @Test(arguments: [
        ("stack-fill-equally.xib", "4 frames solved and match Interface Builder's"),
        ("stack-margins.xib", "8 frames solved and match Interface Builder's"),
        ("stack-hidden.xib", "4 frames solved and match Interface Builder's"),
        ("stack-nested.xib", "6 frames solved and match Interface Builder's"),
    ])
    func importedStackViewsRender(name: String, summary: String) throws {
        let dir = try temporaryDirectory()
        let r = try run(["import", fixture(name), "-o", dir + "/x.json"])
        #expect(r.status == 0)
        #expect(r.stderr.hasSuffix("wrote \(dir)/x.json: \(summary)\n"))
        #expect(try run(["render", dir + "/x.json", "--at", "0.5", "-o", dir + "/x.png"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test func theSpecGoesToStdoutWithoutOutput() throws {
        let r = try run(["import", fixture("tagged-labels.xib"), "--animation", "marquee"])
        #expect(r.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect((object["program"] as? [String: Any])?["check"] as? String == "afterEachView")
    }

    @Test func aFileThatIsNotAnInterfaceBuilderDocumentIsAnError() throws {
        let path = fixture("not-interface-builder.plist")
        let r = try run(["import", path])
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "\(path):3: error: expected an Interface Builder document, <document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"> or <document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">, found <plist>\n"
        )
        #expect(r.stdout.isEmpty)
    }

    @Test func warningsNameTheElementAndLine() throws {
        let path = fixture("attributes.xib")
        let r = try run(["import", path, "-o", try temporaryDirectory() + "/a.json"])
        #expect(
            r.stderr.contains(
                "\(path):46: warning: <button id=\"Ab4-at-bt4\">: the button has no <fontDescription> and UIButton's default title font is not established here; IB's frame stands in for its size\n"
            ))
    }
}
