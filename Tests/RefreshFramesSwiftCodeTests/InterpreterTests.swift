import RefreshFramesSwiftCode
import Testing

/// Plain Swift, as the tutorials use it, printed at virtual time 0.
@Suite struct InterpreterTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var source: String
        var printed: [String]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "closures capture their variables by reference",
            source: """
                func makeCounter() -> () -> Int {
                    var n = 0
                    return { n += 1; return n }
                }
                let a = makeCounter()
                let b = makeCounter()
                print(a(), a(), b(), a())
                var shared = 10
                let add = { (x: Int) in shared += x }
                add(5)
                add(1)
                print(shared)
                """,
            printed: ["1 2 1 3", "16"]),
        Case(
            name: "the right-hand side reads the array whose element (a reference) is assigned to",
            source: """
                class Cell { var width = 2.0; var radius = 0.0 }
                class Holder { var cells: [Cell] = [Cell(), Cell()] }
                let h = Holder()
                h.cells[1].radius = h.cells[1].width + Double(h.cells.count)
                print(h.cells[1].radius, h.cells.count)
                """,
            printed: ["4.0 2"]),
        Case(
            name: "a capture list copies the value when the closure is made",
            source: """
                var x = 1
                let early = { [x] in print("captured", x) }
                let late = { print("live", x) }
                x = 2
                early()
                late()
                """,
            printed: ["captured 1", "live 2"]),
        Case(
            name: "arrays and structs are values, classes references",
            source: """
                var xs = [1, 2, 3]
                var ys = xs
                ys.append(4)
                ys[0] = 9
                print(xs, ys)
                struct Point { var x: Int; var y = 0 }
                var p = Point(x: 1)
                var q = p
                q.x = 5
                print(p.x, q.x, q)
                class Counter { var n = 0 }
                let c = Counter()
                let d = c
                d.n += 1
                print(c.n, c === d)
                var grid = [[0, 0], [0, 0]]
                grid[1][0] = 7
                print(grid)
                """,
            printed: ["[1, 2, 3] [9, 2, 3, 4]", "1 5 Point(x: 5, y: 0)", "1 true", "[[0, 0], [7, 0]]"]),
        Case(
            name: "getNextColor's palette index carries over and wraps before reading",
            source: """
                class Control {
                    var currentColorIndex = 0
                    func getNextColor() -> String {
                        var colorsArray: Array<String> = ["magenta", "brown", "yellow"]
                        if currentColorIndex == colorsArray.count {
                            currentColorIndex = 0
                        }
                        let returnColor = colorsArray[currentColorIndex]
                        ++currentColorIndex
                        return returnColor
                    }
                }
                let control = Control()
                var seen: [String] = []
                for var i = 0; i < 4; ++i { seen.append(control.getNextColor()) }
                print(seen, control.currentColorIndex)
                """,
            printed: ["[\"magenta\", \"brown\", \"yellow\", \"magenta\"] 1"]),
        Case(
            name: "Swift 2 increments in expressions give the old or the new value",
            source: """
                var i = 5
                let a = i++
                let b = ++i
                var j = 0
                let c = j-- + --j
                print(a, b, i, c, j)
                var labels = [0, 0]
                labels[1]++
                print(labels)
                """,
            printed: ["5 7 7 -2 -2", "[0, 1]"]),
        Case(
            name: "a C-style for runs its step after continue and keeps its variable to itself",
            source: """
                var log: [Int] = []
                var i = 100
                for var i = 0; i < 6; i += 2 {
                    if i == 2 { continue }
                    log.append(i)
                }
                for var k = 0; ; ++k { if k == 3 { break } }
                print(log, i)
                """,
            printed: ["[0, 4] 100"]),
        Case(
            name: "integer literals take the floating-point type the context gives them",
            source: """
                let half: CGFloat = 1 / 2
                let ratio = 7 / 2
                let x: CGFloat = 60
                let sg = (x * -1) / 60.0
                let angle = 45 * .pi / 180
                func scale(_ by: CGFloat) -> CGFloat { return by / 2 }
                let third = 1 / 3 * x
                print(half, ratio, sg, angle == Double.pi / 4, scale(3), third)
                print(CGFloat(M_PI_4) == .pi / 4, Int(2.9), Double(3) / 2)
                """,
            printed: ["0.5 3 -1.0 true 1.5 20.0", "true 2 1.5"]),
        Case(
            name: "optionals: chaining, binding, force and coalescing",
            source: """
                class Node { var next: Node?; var value = 1 }
                let head = Node()
                print(head.next?.value ?? -1)
                head.next = Node()
                head.next?.value = 5
                print(head.next?.value ?? -1, head.next!.value)
                if let n = head.next, n.value > 2 { print("bound", n.value) }
                var maybe: Int? = nil
                guard let m = maybe ?? 4 as Int? else { fatalError() }
                print(m, maybe == nil)
                weak var weakHead = head
                weakHead!.value += 1
                print(head.value)
                """,
            printed: ["-1", "5 5", "bound 5", "4 true", "2"]),
        Case(
            name: "control flow: switch, ranges, labels, where, stride, repeat, defer",
            source: """
                func classify(_ v: Int) -> String {
                    switch v {
                    case 0: return "zero"
                    case 1, 2: return "small"
                    case 3...9: return "digit"
                    case let n where n < 0: return "negative"
                    default: return "big"
                    }
                }
                print([0, 2, 5, -3, 40].map { classify($0) })
                var total = 0
                outer: for (i, v) in [5, 0, 7, 100, 3].enumerated() where v > 0 {
                    for _ in 0..<3 { if v == 100 { break outer }; total += i }
                }
                print(total)
                print(Array(stride(from: 10, through: 0, by: -5)), Array(stride(from: 0.0, to: 1.0, by: 0.25)))
                var n = 0
                repeat { n += 3 } while n < 10
                func f() -> Int { defer { print("deferred") }; print("body"); return 1 }
                print(n, f())
                """,
            printed: [
                "[\"zero\", \"small\", \"digit\", \"negative\", \"big\"]", "6", "[10, 5, 0] [0.0, 0.25, 0.5, 0.75]",
                "body",
                "deferred", "12 1",
            ]),
        Case(
            name: "enums, raw values and static stored properties made on first use",
            source: """
                enum Style: Int { case single, has = 5, more }
                enum Step { static let duration: TimeInterval = 0.25; static let names = ["a", "b"] }
                let s = Style.has
                print(s.rawValue, Style.more.rawValue, Style(rawValue: 0) == .single, s == .has)
                print(Step.duration * 2, Step.names.count)
                """,
            printed: ["5 6 true true", "0.5 2"]),
        Case(
            name: "classes: initializers, inheritance, overrides, super, lazy and observed properties",
            source: """
                class Animal {
                    let name: String
                    var log: [String] = []
                    init(name: String) { self.name = name }
                    func speak() -> String { return "..." }
                    func describe() -> String { return name + " says " + speak() }
                }
                class Dog: Animal {
                    lazy var tag: String = "dog:" + self.name
                    var mood = 0 { didSet { log.append("mood \\(oldValue) -> \\(mood)") } }
                    var loud: Bool { return mood > 1 }
                    convenience init() { self.init(name: "Rex") }
                    override func speak() -> String { return loud ? "WOOF" : "woof (" + super.speak() + ")" }
                }
                let d = Dog()
                print(d.describe(), d.tag)
                d.mood = 2
                d.mood += 1
                print(d.describe(), d.log)
                """,
            printed: ["Rex says woof (...) dog:Rex", "Rex says WOOF [\"mood 0 -> 2\", \"mood 2 -> 3\"]"]),
        Case(
            name: "mutating methods and inout write back",
            source: """
                struct Stack {
                    var items: [Int] = []
                    mutating func push(_ x: Int) { items.append(x) }
                }
                var s = Stack()
                s.push(1)
                s.push(2)
                func double(_ x: inout Int) { x *= 2 }
                var v = 21
                double(&v)
                var dict = ["a": 1]
                dict["b"] = 2
                dict["a"] = nil
                print(s.items, v, dict, dict.count)
                """,
            printed: ["[1, 2] 42 [\"b\": 2] 1"]),
        Case(
            name: "Swift 2 method labels: the first parameter is called without its name",
            source: """
                class DataSource {
                    static func cellIdentifierWith(identifier: String, data: [String], cell: (String) -> Void) -> DataSource {
                        for item in data { cell(identifier + ":" + item) }
                        return DataSource()
                    }
                    func pqRefreshFinished(finish: () -> ()) { finish() }
                }
                let source = DataSource.cellIdentifierWith("icon", data: ["a", "b"], cell: { (item: String) -> () in print(item) })
                source.pqRefreshFinished { print("finished") }
                """,
            printed: ["icon:a", "icon:b", "finished"]),
        Case(
            name: "strings: interpolation, concatenation, Swift 2's characters",
            source: """
                let name = "标题"
                let n = 3
                var s = "\\(name) #\\(n + 1): \\(1.5) \\(true) \\([1, 2])"
                s += "!"
                print(s, s.characters.count, "最后一次更新时间： " + "x")
                """,
            printed: ["标题 #4: 1.5 true [1, 2]! 23 最后一次更新时间： x"]),
    ]

    @Test(arguments: cases)
    func plainSwiftRunsAsSwiftWould(_ c: Case) throws {
        let lines = try run(c.source)
        #expect(lines == c.printed.map { "0 s \($0)" })
    }
}
