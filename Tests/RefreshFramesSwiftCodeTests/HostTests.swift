import RefreshFramesSwiftCode
import Testing

/// What the UIKit binding will do with the interpreter: make the program's objects, connect their
/// outlets, call their callbacks and target-actions, find them from their host parts.
@Suite struct HostTests {
    static let source = """
        class RefreshView: Box {
            var pulls: [CGFloat] = []
            weak var label: Box!
            func scrollViewDidScroll(scrollView: UIScrollView) { pulls.append(scrollView) }
            func refresh(sender: AnyObject) {
                label.alpha = 0.5
                print("refresh", pulls, alpha)
            }
        }
        """

    @Test func theHostMakesObjectsSetsOutletsAndCallsCallbacksPositionallyAsUIKitDoes() throws {
        let log = TestHost.Log()
        let interpreter = try Interpreter(
            module: try decode(Self.source, file: "RefreshView.swift"), natives: TestHost.library(log))
        let view = try interpreter.instantiate("RefreshView", labels: ["name"], arguments: [.string("view")])
        let label = try interpreter.call(
            .type(.native(interpreter.natives.type("Box")!)), arguments: [.string("label")],
            at: CodeLocation(file: "host", line: 1, column: 1))
        try interpreter.setProperty("label", of: view, to: label)
        // Swift 2's `scrollViewDidScroll(scrollView:)` takes UIKit's unlabelled argument.
        try interpreter.callMethod("scrollViewDidScroll", on: view, arguments: [.double(-30)])
        try interpreter.callMethod("scrollViewDidScroll", on: view, arguments: [.double(-60)])
        try interpreter.send(
            .selector("refresh:"), to: view, sender: view, at: CodeLocation(file: "host", line: 1, column: 1))
        #expect(interpreter.printed.map(\.description) == ["0 s refresh [-30.0, -60.0] 1.0"])
        #expect(log.lines == ["0 s label.alpha = 0.5"])
        #expect(interpreter.hasMethod("refresh", on: view))
        #expect(!interpreter.hasMethod("refresh", labels: ["_"], on: view))
    }

    @Test func aProgramObjectIsFoundFromItsHostPart() throws {
        let interpreter = try Interpreter(module: try decode(Self.source), natives: TestHost.library(TestHost.Log()))
        let view = try interpreter.instantiate("RefreshView", labels: ["name"], arguments: [.string("view")])
        guard case .object(let instance) = view, let part = instance.native else {
            Issue.record("no host part")
            return
        }
        guard case .object(let found) = interpreter.value(of: part) else {
            Issue.record("the host part did not lead back to the program object")
            return
        }
        #expect(found === instance)
    }

    @Test func aProgramOfSeveralFilesIsOneModule() throws {
        let module = try decode([
            SourceFile(name: "Palette.swift", text: "class Palette { let colors = [\"red\", \"blue\"] }"),
            SourceFile(name: "Main.swift", text: "print(Palette().colors.count)"),
        ])
        let interpreter = try Interpreter(module: module)
        try interpreter.runTopLevel()
        #expect(interpreter.printed.map(\.text) == ["2"])
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsParsed() throws {
        let big = String(repeating: "// padding\n", count: CodeLimits.sourceBytes / 11 + 1)
        #expect {
            _ = try SwiftCodeReader.read([SourceFile(name: "Big.swift", text: big)]) { _ in
                Issue.record("parsed")
                return SwiftCodeReader.Parsed(json: [], diagnostics: "")
            }
        } throws: { error in
            (error as? CodeDiagnostic)?.description
                == "Big.swift:1:1: error: the file is 1048586 bytes, over the limit codeSourceBytes = 1 048 576"
        }
    }
}
