import Foundation
import Testing

private func fixture(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Tests/RefreshFramesImportTests/Fixtures/\(name)").path
}

/// `import` with the real fonts: the frames Interface Builder stored are the check.
struct ImportCommandTests {
    @Test(arguments: [
        "tagged-labels.xib", "equal-widths.xib", "intrinsic-sizes.xib", "attributes.xib", "scene.storyboard",
    ])
    func importedSpecsMatchInterfaceBuildersFramesAndPlay(name: String) throws {
        let dir = try temporaryDirectory()
        let spec = dir + "/x.json"
        let r = try run(["import", fixture(name), "-o", spec])
        #expect(r.status == 0)
        #expect(r.stderr.hasSuffix("wrote \(spec): every frame matches Interface Builder's\n"))
        #expect(try run(["validate", spec]).status == 0)
        #expect(try run(["render", spec, "--at", "0.05", "-o", dir + "/x.png"]).status == 0)
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
                "\(path):46: warning: <button id=\"Ab4-at-bt4\">: <button> is not supported; imported as a placeholder plain view with tag 4\n"
            ))
    }
}
