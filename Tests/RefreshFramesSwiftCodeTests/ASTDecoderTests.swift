import RefreshFramesCommandLine
import RefreshFramesSwiftCode
import Testing

/// Pins the shape of swiftc's parse dump the decoder relies on: small Swift → the decoded code, as
/// text. A toolchain that changes the dump changes one of these.
@Suite struct ASTDecoderTests {
    struct Pin: CustomStringConvertible, Sendable {
        var name: String
        var source: String
        var dump: String
        var description: String { name }
    }

    static let pins: [Pin] = [
        Pin(
            name: "declarations: properties with types and initial values, accessors, initializers, methods",
            source: """
                class Spinner: UIView, CAAnimationDelegate {
                    private var index = 0
                    var colors: [UIColor] = [.red, .blue]
                    lazy var label: UILabel = UILabel()
                    weak var owner: UIViewController?
                    static let duration: TimeInterval = 0.25
                    var angle: CGFloat = 0 { didSet { print(angle) } }
                    var half: CGFloat { return angle / 2 }

                    override init(frame: CGRect) {
                        super.init(frame: frame)
                    }

                    func spin(by step: CGFloat = 1, _ times: Int, completion: @escaping (Bool) -> Void) -> Int {
                        index += times
                        return index * 2 + 1
                    }
                }
                """,
            dump: """
                class Spinner: UIView, CAAnimationDelegate  @1:7
                  var index = 0  @2:17
                  var colors: [UIColor] = [.red, .blue]  @3:9
                  lazy var label: UILabel = UILabel()  @4:14
                  weak var owner: UIViewController?  @5:14
                  static let duration: TimeInterval = 0.25  @6:16
                  var angle: CGFloat = 0  @7:9
                    didSet(oldValue)
                      print(angle)  @7:39
                  var half: CGFloat  @8:9
                    get
                      return (angle / 2)  @8:25
                  override init(frame: CGRect)  @10:14
                    super.init(frame: frame)  @11:9
                  func spin(by step: CGFloat = 1, _ times: Int, completion: (Bool) -> Void) -> Int  @14:5
                    index += times  @15:9
                    return ((index * 2) + 1)  @16:9

                """),
        Pin(
            name: "expressions: precedence folded, optional chains, casts, interpolation, selectors, closures",
            source: """
                func f() {
                    let a = 1 + 2 * 3 - 4 / 2
                    let b = x ?? y ?? 0
                    let c = p && q || !r
                    let d = a < b ? "lt" : "ge"
                    var e: CGFloat = -1.5
                    e += 2
                    self.labels[i].transform = CGAffineTransformMakeScale(1.5, 1.5)
                    let g = view.superview?.frame.width ?? 0
                    data![indexPath.section][indexPath.row] = v as! String
                    if let cell = tableView.cellForRow(at: path) as? UITableViewCell, cell.tag > 0 { return }
                    let s = "n = \\(n + 1)!"
                    timer = Timer.scheduledTimer(timeInterval: 4, target: self, selector: #selector(ViewController.endOfWork), userInfo: nil, repeats: true)
                    UIView.animate(withDuration: 0.3, animations: { self.alpha = 0 }) { [weak self] finished in self?.done() }
                    let k = \\Spinner.angle
                    let t = (x: 1, y: 2).x
                    let m = ["a": 1, "b": 2]
                    let n = [Int]()
                }
                """,
            dump: """
                func f()  @1:1
                  let a = ((1 + (2 * 3)) - (4 / 2))  @2:5
                  let b = (x ?? (y ?? 0))  @3:5
                  let c = ((p && q) || !r)  @4:5
                  let d = ((a < b) ? "lt" : "ge")  @5:5
                  var e: CGFloat = -1.5  @6:5
                  e += 2  @7:5
                  self.labels[i].transform = CGAffineTransformMakeScale(1.5, 1.5)  @8:5
                  let g = ((view.superview?.frame.width)? ?? 0)  @9:5
                  data![indexPath.section][indexPath.row] = (v as! String)  @10:5
                  if let cell = (tableView.cellForRow(at: path) as? UITableViewCell), (cell.tag > 0)  @11:5
                    return  @11:86
                  let s = "n = \\((n + 1))!"  @12:5
                  timer = Timer.scheduledTimer(timeInterval: 4, target: self, selector: #selector(endOfWork), userInfo: nil, repeats: true)  @13:5
                  UIView.animate(withDuration: 0.3, animations: {
                    self.alpha = 0  @14:53
                  }, trailing { [weak self] (finished) in
                    (self?.done())?  @14:97
                  })  @14:5
                  let k = \\.angle  @15:5
                  let t = (x: 1, y: 2).x  @16:5
                  let m = ["a": 1, "b": 2]  @17:5
                  let n = type([Int])()  @18:5

                """),
        Pin(
            name: "statements: labels, for-in with where and tuples, switch patterns, stride, loops, guard, defer",
            source: """
                func g(values: [Int]) -> Int {
                    var total = 0
                    outer: for (i, v) in values.enumerated() where v > 0 {
                        switch v {
                        case 1, 2: continue outer
                        case 3...5: total += v
                        case let big where big > 100: break outer
                        default: break
                        }
                    }
                    for i in stride(from: 10, to: 0, by: -2) { total -= i }
                    while total > 100 { total /= 2 }
                    repeat { total += 1 } while total < 10
                    guard total != 0 else { return -1 }
                    defer { print("done") }
                    if total > 50 { return 1 } else if total > 20 { return 2 } else { return 3 }
                }
                """,
            dump: """
                func g(values: [Int]) -> Int  @1:1
                  var total = 0  @2:5
                  outer: for (i, v) in values.enumerated() where (v > 0)  @3:5
                    switch v  @4:9
                      case 1, 2  @5:9
                        continue outer  @5:20
                      case (3 ... 5)  @6:9
                        total += v  @6:21
                      case let big where (big > 100)  @7:9
                        break outer  @7:39
                      default  @8:9
                        break  @8:18
                  for i in stride(from: 10, to: 0, by: -2)  @11:5
                    total -= i  @11:48
                  while (total > 100)  @12:5
                    total /= 2  @12:25
                  repeat  @13:5
                    total += 1  @13:14
                  while (total < 10)
                  guard (total != 0) else  @14:5
                    return -1  @14:29
                  defer  @15:5
                    print("done")  @15:13
                  if (total > 50)  @16:5
                    return 1  @16:21
                  else
                    if (total > 20)  @16:37
                      return 2  @16:53
                    else
                      return 3  @16:71

                """),
        Pin(
            name: "enums with raw values, nested types, extensions, Swift 2's C-style for after migration",
            source: """
                enum Style: Int { case single = 1, has; case more }
                struct Box { enum Step { static let duration = 0.1 } }
                extension Box { func size() -> Int { return 2 } }
                func h() { for var i=0; i<3; ++i { use(i) } }
                """,
            dump: """
                enum Style: Int  @1:6
                  case single = 1  @1:24
                  case has  @1:36
                  case more  @1:46
                struct Box  @2:8
                  enum Step  @2:19
                    static let duration = 0.1  @2:37
                extension Box  @3:1
                  func size() -> Int  @3:17
                    return 2  @3:38
                func h()  @4:1
                  do  @4:12
                    var i = 0  @4:16
                    while (i < 3)  @4:12
                      defer  @4:12
                        i += 1  @4:32
                      use(i)  @4:36

                """),
    ]

    @Test(arguments: pins)
    func theDumpDecodesToThisCode(_ pin: Pin) throws {
        let module = try decode(pin.source)
        #expect(module.dump == pin.dump)
        #expect(module.diagnostics.isEmpty)
    }

    @Test func theCompilerIsTheOneTheseShapesWerePinnedWith() throws {
        let module = try decode("let x = 1")
        #expect(module.compilerVersion.hasPrefix("Swift version 6.3"))
        #expect(module.statements.count == 1)
    }

    @Test func aConstructTheDecoderDoesNotKnowIsNamedWhereItIsAndStopsTheCodeIfItRuns() throws {
        let module = try decode(
            """
            struct S {
                let y = 1
                func f() async throws {
                    await g()
                    throw E.bad
                    let x = if flag { 1 } else { 2 }
                    #if DEBUG
                    print("debug")
                    #endif
                }
            }
            """, file: "Unsupported.swift")
        #expect(
            module.diagnostics.map(\.description) == [
                "Unsupported.swift:7:9: warning: '#if DEBUG' is read with no compilation conditions set (as a Release build): only the branch that holds then runs",
                "Unsupported.swift:4:9: warning: 'await' is not supported: it stops the code if it runs",
                "Unsupported.swift:5:9: warning: 'throw' is not supported: it stops the code if it runs",
                "Unsupported.swift:6:17: warning: an if or switch expression is not supported: it stops the code if it runs",
            ])
        #expect(try failure("func f() async { await g() }\nf()") == "Test.swift:1:18: error: 'await' is not supported")
    }

    @Test func aSyntaxErrorIsReportedWhereTheUserWroteIt() throws {
        #expect(throws: CodeDiagnostic.self) {
            try decode("for var i=0; i<3; ++i {\n    let = 2\n}", file: "Bad.swift")
        }
        do {
            _ = try decode("for var i=0; i<3; ++i {\n    let = 2\n}", file: "Bad.swift")
        } catch let error as CodeDiagnostic {
            #expect(error.description == "Bad.swift:2:9: error: expected pattern")
        }
    }

    static let everyFile: [String] =
        tutorials.map { "Tutorials/\($0).swift.txt" }
        + generatedViews.map { "Tests/RefreshFramesSwiftGenTests/Generated/\($0).swift" }

    @Test(arguments: everyFile)
    func everyTutorialAndGeneratedViewDecodesWithEveryNodeLocatedAtItsToken(path: String) throws {
        let source = try fixture(path)
        let name = String(path.split(separator: "/").last!).replacingOccurrences(of: ".swift.txt", with: ".swift")
        let module = try decode(source, file: name)
        #expect(module.diagnostics.isEmpty)
        let migration = Migration.migrate(SourceFile(name: name, text: source))
        let output = try SwiftParser.parse(source: migration.migrated.bytes, file: name)
        #expect(try ASTDecoder.unlocatedCount(json: output.json, migration: migration) == 0)
        var checker = LocationChecker(
            lines: source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        checker.check(module)
        #expect(checker.checked > 100)
        #expect(checker.wrong == [])
    }
}

/// Checks that each node's location is where its token is in the original text: a name's name, a
/// member's member, an operator's operator, a statement's keyword.
struct LocationChecker {
    let lines: [String]
    var checked = 0
    var wrong: [String] = []

    func text(at location: CodeLocation) -> Substring {
        guard location.line >= 1, location.line <= lines.count else { return "" }
        return lines[location.line - 1].dropFirst(location.column - 1)
    }

    mutating func expect(_ location: CodeLocation, startsWith prefixes: [String], _ what: String) {
        checked += 1
        let found = text(at: location)
        if !prefixes.contains(where: { found.hasPrefix($0) }) {
            wrong.append("\(location) \(what): \(found.prefix(20))")
        }
    }

    mutating func check(_ module: CodeModule) {
        for type in module.types { check(type) }
        for f in module.functions { check(f) }
        for s in module.statements { check(s) }
    }

    mutating func check(_ type: TypeDecl) {
        expect(type.location, startsWith: [type.name, "extension"], "type \(type.name)")
        for p in type.properties {
            expect(p.location, startsWith: [p.name], "property \(p.name)")
            if let e = p.initial { check(e) }
            for body in [p.getter, p.setter?.body, p.didSet?.body, p.willSet?.body] { for s in body ?? [] { check(s) } }
        }
        for m in type.methods { check(m) }
        for n in type.nested { check(n) }
    }

    mutating func check(_ f: FunctionDecl) {
        expect(f.location, startsWith: ["func", "init"], "function \(f.name)")
        for s in f.body { check(s) }
    }

    mutating func check(_ s: Stmt) {
        switch s.kind {
        case .expression(let e): check(e)
        case .binding(let b):
            expect(s.location, startsWith: ["let", "var"], "binding")
            if let e = b.initial { check(e) }
        case .function(let f): check(f)
        case .if(let c, let then, let otherwise):
            expect(s.location, startsWith: ["if"], "if")
            check(c)
            for x in then + (otherwise ?? []) { check(x) }
        case .guard(let c, let otherwise):
            expect(s.location, startsWith: ["guard"], "guard")
            check(c)
            for x in otherwise { check(x) }
        case .forIn(_, let sequence, _, let body, _):
            expect(s.location, startsWith: ["for"], "for")
            check(sequence)
            for x in body { check(x) }
        case .while(let c, let body, _):
            // A C-style for's while maps to its `for`.
            expect(s.location, startsWith: ["while", "for"], "while")
            check(c)
            for x in body { check(x) }
        case .block(let body, _), .defer(let body):
            for x in body { check(x) }
        case .return(let e):
            expect(s.location, startsWith: ["return"], "return")
            if let e { check(e) }
        case .switch(let subject, let cases, _):
            check(subject)
            for c in cases {
                expect(c.location, startsWith: ["case", "default"], "case")
                for x in c.body { check(x) }
            }
        default: break
        }
    }

    mutating func check(_ conditions: [Condition]) {
        for c in conditions {
            switch c {
            case .boolean(let e), .optionalBinding(_, let e), .matches(_, let e): check(e)
            case .available: break
            }
        }
    }

    mutating func check(_ e: Expr) {
        switch e.kind {
        case .name(let n): expect(e.location, startsWith: [n], "name \(n)")
        case .self: expect(e.location, startsWith: ["self"], "self")
        case .member(let base, let n):
            expect(e.location, startsWith: [n], "member \(n)")
            check(base)
        case .implicitMember(let n): expect(e.location, startsWith: ["." + n], "implicit member \(n)")
        // The `1` of a migrated `++i` (`i += 1`) is located at the `++`.
        case .integer, .float:
            expect(
                e.location, startsWith: ["-", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "++", "--"], "number")
        case .string, .interpolation: expect(e.location, startsWith: ["\""], "string")
        case .bool(let b): expect(e.location, startsWith: ["\(b)"], "bool")
        case .nil: expect(e.location, startsWith: ["nil"], "nil")
        case .binary(let op, let a, let b):
            expect(e.location, startsWith: [op], "operator \(op)")
            check(a)
            check(b)
        case .call(let callee, let args):
            if e.location != callee.location { wrong.append("\(e.location) call not at its callee \(callee.location)") }
            check(callee)
            for a in args { check(a.value) }
        case .subscript(let base, let args):
            expect(e.location, startsWith: ["["], "subscript")
            check(base)
            for a in args { check(a.value) }
        case .assign(let a, let b), .compoundAssign(_, let a, let b):
            check(a)
            check(b)
        case .optionalChain(let x), .bindOptional(let x), .forceUnwrap(let x), .cast(let x, _, _), .prefix(_, let x):
            check(x)
        case .ternary(let a, let b, let c):
            check(a)
            check(b)
            check(c)
        case .array(let xs): for x in xs { check(x) }
        case .closure(let c):
            expect(c.location, startsWith: ["{"], "closure")
            for s in c.body { check(s) }
        default: break
        }
    }
}
