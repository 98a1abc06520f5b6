import RefreshFramesSwiftCode
import Testing

/// Code that never yields, recurses without end or grows without bound stops with the limit's name,
/// as the engine's own limits do. (Small limits keep the tests quick; the messages are the same.)
@Suite struct LimitsTests {
    static var small: CodeLimits {
        var limits = CodeLimits()
        limits.steps = 200_000
        limits.stepsPerEvent = 20_000
        limits.events = 500
        limits.pendingEvents = 100
        limits.collectionCount = 1000
        limits.objects = 800
        return limits
    }

    @Test func theLimitsEveryRunGets() {
        let table = CodeLimits.standard.table.map { "\($0.name) = \(CodeLimits.grouped($0.value))" }
        #expect(
            table == [
                "codeSourceBytes = 1 048 576", "codeNesting = 200", "codeSteps = 5 000 000",
                "codeStepsPerEvent = 1 000 000",
                "codeCallDepth = 100", "codeEvents = 100 000", "codePendingEvents = 10 000",
                "codeCollectionCount = 100 000", "codeValueNesting = 256", "codeObjects = 200 000",
            ])
    }

    @Test(arguments: [
        (
            "var n = 0\nwhile true { n += 1 }",
            "Test.swift:2:14: error: the code runs more than 20 000 steps without returning to the run loop (a loop that never ends? UIKit would hang here), over the limit codeStepsPerEvent = 20 000"
        ),
        (
            // The tutorials' loops re-check `refreshing` in a completion; one that re-checks it in place never yields.
            "class Control {\n    var refreshing = true\n    func play() { while refreshing { } }\n}\nlet c = Control()\nDispatchQueue.main.asyncAfter(deadline: .now() + 2) { c.play() }",
            "Test.swift:3:19: error: the code runs more than 20 000 steps in play() without returning to the run loop (a loop that never ends? UIKit would hang here), over the limit codeStepsPerEvent = 20 000"
        ),
        (
            "func f(_ n: Int) { f(n + 1) }\nf(0)",
            "Test.swift:1:20: error: calls nest more than 100 deep (… f(_:) → f(_:) → f(_:): a function that calls itself without end?), over the limit codeCallDepth = 100"
        ),
        (
            "func again() { DispatchQueue.main.async { again() } }\nagain()",
            "Test.swift:1:35: error: the code ran more than 500 timers and callbacks by 0 s (a dispatched block), over the limit codeEvents = 500"
        ),
        (
            "for _ in 0..<200 { DispatchQueue.main.async { } }",
            "Test.swift:1:39: error: more than 100 timers and callbacks wait at once (a dispatched block), over the limit codePendingEvents = 100"
        ),
        (
            "var a: [Int] = []\nwhile true { a.append(1) }",
            "Test.swift:2:16: error: an array grows past 1 000 elements, over the limit codeCollectionCount = 1 000"
        ),
        (
            "var s = \"ab\"\nwhile true { s += s }",
            "Test.swift:2:16: error: a string grows past 1 000 bytes, over the limit codeCollectionCount = 1 000"
        ),
        (
            "var a: [Any] = []\nfor _ in 0..<1000 { a = [a] }",
            "Test.swift:2:25: error: values nest more than 256 deep (arrays, dictionaries or structs inside one another), over the limit codeValueNesting = 256"
        ),
        (
            "class Node { var next: Node? }\nvar nodes: [Node] = []\nwhile true { nodes.append(Node()) }",
            "Test.swift:3:27: error: the code makes more than 800 objects and closures, over the limit codeObjects = 800"
        ),
        (
            "class C { lazy var x: Int = self.x + 1 }\nprint(C().x)",
            "Test.swift:1:34: error: calls nest more than 100 deep (… lazy x → lazy x → lazy x: a function that calls itself without end?), over the limit codeCallDepth = 100"
        ),
        (
            "let timer = Timer.scheduledTimer(withTimeInterval: 0.001, repeats: true) { _ in for _ in 0..<1000 { } }",
            "Test.swift:1:81: error: the code runs more than 200 000 steps in all by 0.2 s, over the limit codeSteps = 200 000"
        ),
    ])
    func aRunThatWouldNotEndStopsWithTheLimitsName(source: String, message: String) throws {
        #expect(try failure(source, limits: Self.small) == message)
    }

    @Test func longChainsOfObjectsAndClosuresAreFreedWithoutRecursion() throws {
        // Freed one inside another, 20 000 nodes would overflow a test thread's stack.
        let lines = try run(
            """
            class Node { var next: Node?; init(next: Node?) { self.next = next } }
            var head: Node? = nil
            var f = { }
            for _ in 0..<20000 {
                head = Node(next: head)
                let g = f
                f = { g() }
            }
            print("made")
            """)
        #expect(lines == ["0 s made"])
    }

    @Test func theStepBudgetIsPerCallbackSoALongAnimationIsNotCutShort() throws {
        // 30 callbacks of 1 000 steps each: 30 000 steps in all, over one callback's budget but not the run's.
        let lines = try run(
            """
            var runs = 0
            let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { t in
                var n = 0
                while n < 300 { n += 1 }
                runs += 1
                if runs == 30 { t.invalidate(); print("done") }
            }
            """, limits: Self.small)
        #expect(lines == ["3 s done"])
    }
}
