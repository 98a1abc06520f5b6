import Foundation
import Testing

/// A valid spec every hostile case starts from: one label, one animation, a one-second refresh.
let validSpec = """
    {
      "canvas": {"width": 100, "height": 40, "scale": 1},
      "views": [{"tag": 1, "text": "A"}],
      "constraints": ["1.centerX == superview.centerX", "1.centerY == superview.centerY"],
      "program": {"cycle": [{"animate": {"views": "all", "duration": 0.5, "set": {"alpha": 0.5}}}]},
      "scenario": {"refreshAt": 0, "workDuration": 1}
    }

    """

/// The text every secret file holds: no report may ever contain it.
let secret = "SECRET-TOKEN-13-do-not-publish"

func replacing(_ text: String, _ old: String, _ new: String) -> String {
    precondition(text.contains(old), "'\(old)' is not in the spec")
    return text.replacingOccurrences(of: old, with: new)
}

/// One hostile input, run through the real binary in a fresh directory (`$DIR`, the working
/// directory) whose `spec.json` is `validSpec` unless `files` says otherwise.
struct Hostile: CustomTestStringConvertible, Sendable {
    enum File: Sendable {
        case text(String)
        case bytes([UInt8])
        case directory
        /// A symbolic link to this target.
        case link(String)
        /// A named pipe with no writer: opening it to read would block for ever.
        case fifo
        /// A second name (a hard link) of this existing file.
        case hardLink(String)
    }

    var name: String
    /// Files made before the run, by path relative to `$DIR`, in order.
    var files: [(String, File)] = []
    var arguments: [String]
    var status: Int32 = 2
    /// The only line on stderr (`$DIR` is the case's directory); nil: not checked beyond one line.
    var message: String?
    /// Files the command is asked to write, so they may change.
    var outputs: Set<String> = []
    /// Run a shell around the command instead (`$BIN` is the binary), for /dev/full and pipes.
    var shell: String?
    /// Variables set for the run.
    var environment: [String: String] = [:]
    /// The shell needs a mount namespace of its own (`unshare -m`, as root): skipped, and said so, without one.
    var needsMountNamespace = false
    /// More checks on what the run left in `$DIR` (its first argument) and printed.
    var after: (@Sendable (String, RunResult) throws -> Void)?

    var testDescription: String { name }
}

private let dataLoss: [Hostile] = [
    Hostile(
        name: "render -o a directory that holds the spec",
        files: [("proj", .directory), ("proj/spec.json", .text(validSpec)), ("proj/notes.txt", .text("mine"))],
        arguments: ["render", "proj/spec.json", "-o", "proj/"],
        message:
            "proj/: error: the output would replace a directory that holds the input 'proj/spec.json'; choose another directory"
    ),
    Hostile(
        name: "render -o a directory refresh-frames did not write",
        files: [("notes", .directory), ("notes/todo.txt", .text("mine"))],
        arguments: ["render", "spec.json", "-o", "notes"],
        message:
            "notes: error: the output is a directory that refresh-frames did not write (it has no frames.json); choose a new directory"
    ),
    Hostile(
        name: "render -o a symlink to the spec",
        files: [("link.ans", .link("spec.json"))],
        arguments: ["render", "spec.json", "--format", "ansi", "-o", "link.ans"],
        message: "link.ans: error: the output would overwrite the input 'spec.json'; choose another name"),
    Hostile(
        name: "render -o the spec by another path",
        files: [("sub", .directory)],
        arguments: ["render", "spec.json", "--format", "cast", "-o", "sub/../spec.json"],
        message: "sub/../spec.json: error: the output would overwrite the input 'spec.json'; choose another name"),
    Hostile(
        name: "record --junit the spec",
        arguments: ["record", "spec.json", "--golden", "g", "--kind", "semantic", "--junit", "spec.json"],
        message: "spec.json: error: --junit would overwrite the input 'spec.json'; choose another name"),
    Hostile(
        name: "record --golden the spec's directory",
        arguments: ["record", "spec.json", "--golden", ".", "--kind", "semantic"],
        message:
            ".: error: --golden would replace a directory that holds the input 'spec.json'; choose another directory"),
    Hostile(
        name: "record --golden a directory of other files",
        files: [("g", .directory), ("g/notes.txt", .text("mine"))],
        arguments: ["record", "spec.json", "--golden", "g", "--kind", "semantic"],
        message: "g: error: --golden holds 'notes.txt', which is not a golden file; choose an empty or new directory"),
    Hostile(
        name: "check --report a directory of other files",
        files: [("out", .directory), ("out/index.md", .text("mine"))],
        arguments: ["check", "spec.json", "--golden", "g", "--report", "out"],
        message:
            "out: error: --report holds 'index.md', which refresh-frames did not write; choose an empty or new directory"
    ),
    Hostile(
        name: "check --html inside the golden directory",
        files: [("g", .directory)],
        arguments: ["check", "spec.json", "--golden", "g", "--html", "g/html"],
        message: "g/html: error: --html would write into the golden directory 'g'; choose a path outside it"),
    Hostile(
        name: "check --report the spec's directory",
        arguments: ["check", "spec.json", "--golden", "g", "--report", "."],
        message:
            ".: error: --report would write into a directory that holds the input 'spec.json'; choose another directory"
    ),
    Hostile(
        name: "import -o the xib",
        files: [("view.xib", .text("<document/>"))],
        arguments: ["import", "view.xib", "-o", "view.xib"],
        message: "view.xib: error: the output would overwrite the input 'view.xib'; choose another name"),
]

private let writeErrors: [Hostile] = [
    Hostile(
        name: "validate > /dev/full", arguments: [],
        message: "refresh-frames: error: cannot write to standard output (No space left on device)",
        shell: "$BIN validate spec.json > /dev/full"),
    Hostile(
        name: "timeline into a closed pipe", arguments: [],
        message: "refresh-frames: error: cannot write to standard output (Broken pipe)",
        shell: "$BIN timeline spec.json | true; exit ${PIPESTATUS[0]}"),
    Hostile(
        name: "state > /dev/full", arguments: [],
        message: "refresh-frames: error: cannot write to standard output (No space left on device)",
        shell: "$BIN state spec.json --at 0.5 > /dev/full"),
]

/// A PNG header that claims `width` × `height` pixels, with one small compressed row after it.
private func pngClaiming(width: Int, height: Int) -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width)
        + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0] + Array(repeating: 0, count: 200)
}

private let checkSemantic = ["check", "spec.json", "--golden", "g", "--kind", "semantic", "--junit", "junit.xml"]

private let leaks: [Hostile] = [
    Hostile(
        name: "a golden that links to a secret file",
        files: [("secret.txt", .text(secret)), ("g", .directory), ("g/timeline.txt", .link("../secret.txt"))],
        arguments: checkSemantic,
        message:
            "g/timeline.txt: error: is a symbolic link; goldens are read only as regular files in the golden directory"),
    Hostile(
        name: "a golden that links to the process's environment",
        files: [("g", .directory), ("g/states.json", .link("/proc/self/environ"))],
        arguments: checkSemantic,
        message:
            "g/states.json: error: is a symbolic link; goldens are read only as regular files in the golden directory"),
    Hostile(
        name: "a manifest that links to /etc/passwd",
        files: [("g", .directory), ("g/manifest.json", .link("/etc/passwd"))],
        arguments: checkSemantic,
        message:
            "g/manifest.json: error: is a symbolic link; goldens are read only as regular files in the golden directory"
    ),
    Hostile(
        name: "a golden directory that is a symbolic link",
        files: [("real", .directory), ("real/timeline.txt", .text(secret)), ("g", .link("real"))],
        arguments: checkSemantic,
        message: "g: error: is a symbolic link; the golden directory must be a real directory"),
    Hostile(
        name: "a golden that is a FIFO", files: [("g", .directory), ("g/timeline.txt", .fifo)],
        arguments: checkSemantic, message: "g/timeline.txt: error: is a FIFO; goldens are read only as regular files"),
    Hostile(
        name: "a golden that is a directory", files: [("g", .directory), ("g/frame-000.png", .directory)],
        arguments: ["check", "spec.json", "--golden", "g", "--kind", "pixels", "--at", "0.1"],
        message: "g/frame-000.png: error: is a directory; goldens are read only as regular files"),
    Hostile(
        name: "a PNG golden that claims 16000x16000 pixels",
        files: [("g", .directory), ("g/frame-000.png", .bytes(pngClaiming(width: 16000, height: 16000)))],
        arguments: ["check", "spec.json", "--golden", "g", "--kind", "pixels", "--at", "0.1", "--report", "r"],
        status: 1, message: ""),
]

func specWith(_ old: String, _ new: String) -> [(String, Hostile.File)] {
    [("spec.json", .text(replacing(validSpec, old, new)))]
}

private let centered = #""1.centerX == superview.centerX""#

private let crashesAndHangs: [Hostile] = [
    Hostile(
        name: "a label pushed 1e19 points away", files: specWith(centered, #""1.left == superview.left + 1e19""#),
        arguments: ["render", "spec.json", "--format", "ansi", "-o", "out.ans"],
        message:
            "spec.json:3:13: error: views[0]: view 1's solved x 1e+19 is over the limit layoutExtent = 100000 points"),
    Hostile(
        name: "a width of 1e300 times the superview",
        files: specWith(centered, #""1.width == 1e300 * superview.width", "1.left == superview.left""#),
        arguments: ["state", "spec.json", "--at", "0.5"],
        message:
            "spec.json:3:13: error: views[0]: view 1's solved width 1e+302 is over the limit layoutExtent = 100000 points"
    ),
    Hostile(
        name: "a very wide view, scaled 100 times, in text mode",
        files: [
            (
                "spec.json",
                .text(
                    replacing(
                        replacing(
                            replacing(
                                validSpec, #"{"tag": 1, "text": "A"}"#,
                                #"{"tag": 1, "text": "A"}, {"tag": 2, "kind": "view", "backgroundColor": "red"}"#),
                            #""constraints": ["#,
                            #""constraints": ["2.left == superview.left - 99000", "2.width == 99999", "2.top == superview.top", "2.height == 10", "#
                        ),
                        #""set": {"alpha": 0.5}"#, #""set": {"transform": {"scale": 100}}"#))
            )
        ],
        arguments: ["render", "spec.json", "--format", "ansi", "--ansi", "text", "-o", "out.ans"], status: 0),
    Hostile(
        name: "257 inequalities",
        files: specWith(
            centered,
            (0..<257).map { #""1.left >= superview.left - \#($0)""# }.joined(separator: ", ") + ", " + centered),
        arguments: ["validate", "spec.json"],
        message:
            "spec.json:4:18: error: constraints: 257 inequalities and optional constraints is over the limit inequalities = 256"
    ),
    Hostile(
        name: "record at 16384x16384 pixels",
        files: specWith(#""width": 100, "height": 40, "scale": 1"#, #""width": 4096, "height": 4096, "scale": 4"#),
        arguments: ["record", "spec.json", "--golden", "g", "--kind", "pixels", "--at", "0"],
        message: "spec.json: error: a 16384x16384 frame is over the limit pixelsPerFrame = 16777216"),
]

private let escapes: [Hostile] = [
    Hostile(
        name: "an unknown key that sets the window title",
        files: specWith(#""canvas""#, "\"\\u001b]0;owned\\u0007\": 1, \"canvas\""),
        arguments: ["validate", "spec.json"],
        message:
            #"spec.json:2:3: error: \u{1B}]0;owned\u{7}: unknown key '\u{1B}]0;owned\u{7}'; expected one of $schema, appearance, assets, canvas, constraints, description, font, fonts, golden, host, outlets, palette, program, scenario, views, xib"#
    ),
    Hostile(
        name: "a font family that clears the screen",
        files: specWith(#""canvas""#, "\"font\": {\"family\": \"\\u001b[2J\\u009b2J\"}, \"canvas\""),
        arguments: ["validate", "spec.json"]),
]

func xib(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
        <objects>
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                <subviews>
                    <label text="A" tag="1" id="l1">
                        <rect key="frame" x="10" y="10" width="20" height="20"/>
                        \(body)
                    </label>
                </subviews>
            </view>
        </objects>
    </document>

    """
}

private let imports: [Hostile] = [
    Hostile(
        name: "a xib nested 60,000 elements deep",
        files: [
            ("deep.xib", .text(xib(String(repeating: "<a>", count: 60_000) + String(repeating: "</a>", count: 60_000))))
        ],
        arguments: ["import", "deep.xib"],
        message:
            "deep.xib:9: error: not an XML document (elements nested deeper than the limit xmlDepth = 256); expected an Interface Builder .xib or .storyboard"
    ),
    Hostile(
        name: "a xib that references an entity 300,000 times",
        files: [
            (
                "entities.xib",
                .text(
                    "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY a \"aaaaaaaa\">]>\n<document>"
                        + String(repeating: "&a;", count: 300_000) + "</document>\n")
            )
        ],
        arguments: ["import", "entities.xib"],
        message:
            "entities.xib:2: error: not an XML document (the document declares an entity (<!ENTITY>); Interface Builder documents never do); expected an Interface Builder .xib or .storyboard"
    ),
]

private let invalidUTF8Xib: [UInt8] = {
    // An attribute name with a lone 0xDB byte: Foundation's XMLParser trapped on it (found by scripts/fuzz).
    var bytes = Array(xib("").utf8)
    let at = bytes.firstRange(of: Array("contentMode".utf8))!.lowerBound + 3
    bytes[at] = 0xDB
    return bytes
}()

private let moreImports: [Hostile] = [
    Hostile(
        name: "a xib with an attribute name that is not UTF-8", files: [("bad.xib", .bytes(invalidUTF8Xib))],
        arguments: ["import", "bad.xib"],
        message:
            "bad.xib:4: error: not an XML document (the file is not valid UTF-8 (byte 0xDB)); expected an Interface Builder .xib or .storyboard"
    ),
    Hostile(
        // Foundation's XMLParser crashed (strlen of NULL) on it: exit 139 (found by scripts/fuzz).
        name: "a xib with a processing instruction without data",
        files: [("pi.xib", .text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?x?>\n<document/>\n"))],
        arguments: ["import", "pi.xib"],
        message:
            "pi.xib:2: error: not an XML document (the document has a processing instruction without data (<?x?>); Interface Builder documents never do); expected an Interface Builder .xib or .storyboard"
    ),
]

let hostileInputs: [Hostile] =
    dataLoss + writeErrors + leaks + crashesAndHangs + escapes + imports + moreImports + hostileInputsRoundTwo

/// Whether this process may make a mount namespace of its own (root, with `unshare`).
let canUnshareMounts: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
    return (try? run(["-m", "--propagation", "private", "true"], executable: "/usr/bin/unshare").status) == 0
}()

/// Every file under `directory`, by relative path, with its bytes (a link: its target).
private func snapshot(_ directory: String) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return files }
    while let relative = walker.nextObject() as? String {
        let path = directory + "/" + relative
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            files[relative] = Array(("-> " + target).utf8)
            walker.skipDescendants()
        } else if let data = FileManager.default.contents(atPath: path) {
            files[relative] = [UInt8](data)
        }
    }
    return files
}

@Suite struct HostileInputTests {
    @Test(arguments: hostileInputs)
    func endsCleanlyAndTouchesNoUserFile(_ input: Hostile) throws {
        if input.needsMountNamespace && !canUnshareMounts {
            print("skipped '\(input.name)': it needs root and unshare(1) for a mount namespace of its own")
            return
        }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(validSpec.utf8).write(to: URL(fileURLWithPath: dir + "/spec.json"))
        for (path, file) in input.files {
            let full = dir + "/" + path
            switch file {
            case .text(let text): try Data(text.utf8).write(to: URL(fileURLWithPath: full))
            case .bytes(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: full))
            case .directory: try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
            case .link(let target):
                try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: target)
            case .fifo: #expect(mkfifo(full, 0o600) == 0)
            case .hardLink(let existing): #expect(link(dir + "/" + existing, full) == 0)
            }
        }
        let before = snapshot(dir)
        let result: RunResult
        let environment = input.environment.mapValues { $0.replacingOccurrences(of: "$DIR", with: dir) }
        // The kill ends a run that hangs or grows (FONTCONFIG_FILE=/dev/zero did both) instead of the suite; it
        // fails the case by its status. A hang guard, not a speed target: each case takes well under a second
        // alone, and the hangs it guards against never ended.
        if let shell = input.shell {
            result = try run(
                ["-c", shell.replacingOccurrences(of: "$BIN", with: binaryPath)], environment: environment,
                in: dir, executable: "/bin/bash", timeout: 120)
        } else {
            result = try run(input.arguments, environment: environment, in: dir, timeout: 120)
        }
        #expect(result.status == input.status, "stderr: \(result.stderr)")
        #expect([0, 1, 2, 64].contains(result.status))
        #expect(!result.stderr.contains("Backtrac") && !result.stderr.contains("Fatal error"))
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        if input.status == 2 { #expect(lines.count == 1, "stderr: \(result.stderr)") }
        if let message = input.message, !message.isEmpty {
            #expect(lines.first.map(String.init) == message.replacingOccurrences(of: "$DIR", with: dir))
        }
        #expect(!result.stderr.contains("\u{1B}") && !result.stdout.contains(secret))
        let after = snapshot(dir)
        for (path, bytes) in before where !input.outputs.contains(path) {
            #expect(after[path] == bytes, "\(path) changed or vanished")
        }
        let leftovers = after.keys.filter {
            before[$0] == nil && ($0.contains(".tmp-") || $0.contains(".old-") || $0.hasSuffix(".lock"))
        }
        #expect(leftovers.isEmpty, "left behind: \(leftovers)")
        for (path, bytes) in after where before[path] == nil {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(secret), "\(path) holds the secret")
        }
        try input.after?(dir, result)
    }
}
