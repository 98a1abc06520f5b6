import Foundation
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesRaster
import RefreshFramesSwiftCode
import RefreshFramesSwiftProgram
import Testing

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A file under the package root.
func packageFile(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: packageRoot.appendingPathComponent(path)))
}

let measurer = TextMeasurer { text, font in try FontBook.shared.measure(text, font: font) }

/// `SOURCE_DATE_EPOCH` as the tests set it.
let testNow: Int64 = 1_455_451_200

struct ParseFailure: Error, CustomStringConvertible {
    var description: String
}

/// Reads Swift as the tool does: migration, swiftc's parser, the decoder.
func decode(_ files: [SourceFile]) throws -> CodeModule {
    try SwiftCodeReader.read(files) { migrated in
        do {
            let output = try SwiftParser.parse(source: migrated.bytes, file: migrated.name)
            return SwiftCodeReader.Parsed(json: output.json, diagnostics: output.diagnostics)
        } catch let error as CLIError {
            throw ParseFailure(description: error.message)
        }
    }
}

func decode(_ source: String, file: String = "RefreshView.swift") throws -> CodeModule {
    try decode([SourceFile(name: file, text: source)])
}

/// A spec of samples/swift/ (its program files beside it), as the command line loads it.
func swiftSample(_ path: String) throws -> (timeline: Timeline, diagnostics: [String]) {
    let directory = (path as NSString).deletingLastPathComponent
    var diagnostics: [String] = []
    let document = try SpecDocument(
        bytes: try packageFile(path), now: testNow, measurer: measurer,
        program: { reference, base in
            let files = try reference.files.map { file in
                SourceFile(name: file, bytes: try packageFile(directory + "/" + file))
            }
            var runner = SwiftProgramRunner(module: try decode(files), className: reference.className)
            runner.workDurationGiven = reference.workDurationGiven
            let result = try runner.run(over: base, now: testNow)
            diagnostics = result.diagnostics.map(\.description)
            return result.run
        })
    return (document.timeline, diagnostics)
}

/// A spec from JSON text.
func spec(_ json: String) throws -> Spec {
    try SpecDocument(bytes: Array(json.utf8), now: testNow, measurer: measurer).spec
}

/// The timeline of `spec` with `module` as its program, and the code's warnings.
func swiftTimeline(_ spec: Spec, _ module: CodeModule, className: String? = nil, workDurationGiven: Bool = true)
    throws -> (timeline: Timeline, diagnostics: [String])
{
    let run = try swiftRun(spec, module, className: className, workDurationGiven: workDurationGiven)
    return (run.timeline, run.diagnostics)
}

/// The timeline of `spec` with `module` as its program, the code's warnings and what it printed.
func swiftRun(_ spec: Spec, _ module: CodeModule, className: String? = nil, workDurationGiven: Bool = true)
    throws -> (timeline: Timeline, diagnostics: [String], printed: [PrintedLine])
{
    var runner = SwiftProgramRunner(module: module, className: className)
    runner.workDurationGiven = workDurationGiven
    var diagnostics: [String] = []
    var printed: [PrintedLine] = []
    let timeline = try Timeline.make(spec: spec, now: testNow, measurer: measurer) { base in
        let result = try runner.run(over: base, now: testNow)
        diagnostics = result.diagnostics.map(\.description)
        printed = result.printed
        return result.run
    }
    return (timeline, diagnostics, printed)
}

/// Whether two instants show the same views: texts, hidden flags, colours, alpha and transforms
/// (to 1e-6: the code's transforms are composed from radians, the samples' are degrees).
func sameLabelStates(_ a: FrameState, _ b: FrameState) -> Bool {
    guard a.views.count == b.views.count else { return false }
    func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) < 1e-6 }
    func same(_ x: RGBA, _ y: RGBA) -> Bool {
        near(x.red, y.red) && near(x.green, y.green) && near(x.blue, y.blue) && near(x.alpha, y.alpha)
    }
    return zip(a.views, b.views).allSatisfy { v, w in
        v.tag == w.tag && v.text == w.text && v.isHidden == w.isHidden && same(v.textColor, w.textColor)
            && same(v.backgroundColor, w.backgroundColor) && near(v.alpha, w.alpha)
            && near(v.transform.rotation, w.transform.rotation) && near(v.transform.scaleX, w.transform.scaleX)
            && near(v.transform.scaleY, w.transform.scaleY)
            && near(v.transform.translationX, w.transform.translationX)
            && near(v.transform.translationY, w.transform.translationY) && near(v.cornerRadius, w.cornerRadius)
    }
}

/// Plays `code` over `smallSpec` (refreshing as the scenario says) and returns what it printed and
/// the diagnostics it gave.
func playPrinting(_ code: String) throws -> (printed: [String], diagnostics: [String]) {
    var runner = SwiftProgramRunner(module: try decode(code))
    runner.workDurationGiven = true
    var printed: [String] = []
    var diagnostics: [String] = []
    _ = try Timeline.make(spec: try spec(smallSpec), now: testNow, measurer: measurer) { base in
        let result = try runner.run(over: base, now: testNow)
        printed = result.printed.map(\.description)
        diagnostics = result.diagnostics.map(\.description)
        return result.run
    }
    return (printed, diagnostics)
}

/// A view controller whose `viewDidLoad` installs a refresh control on its table view, then runs
/// `viewDidLoad`; `members` are declared before the control.
func tableController(members: String = "", viewDidLoad: String) -> String {
    """
    import UIKit

    class ViewController: UIViewController {
        @IBOutlet weak var tableView: UITableView!
        \(members)
        let control = UIRefreshControl()
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.refreshControl = control
            \(viewDidLoad)
        }
    }
    """
}

/// A control of the code's own, `Spin` (a `superclass` subclass with `spinMembers`), added to the
/// table view 60 pt above the content in `viewDidLoad`; `members` are added to the controller.
func spinController(_ superclass: String, spinMembers: String, members: String) -> String {
    """
    import UIKit

    class Spin: \(superclass) {
        \(spinMembers)
    }

    class ViewController: UIViewController {
        @IBOutlet weak var tableView: UITableView!
        let spin = Spin(frame: CGRect(x: 0, y: -60, width: 200, height: 60))
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.addSubview(spin)
        }
        \(members)
    }
    """
}
