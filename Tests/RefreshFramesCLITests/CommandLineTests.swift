import Foundation
import Testing

/// The command line's contract: help, usage errors (64), input errors (2), one line each.
struct CommandLineTests {
    @Test func helpListsSubcommandsAndExitCodes() throws {
        let r = try run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("OVERVIEW: Render custom pull-to-refresh animations"))
        for name in ["validate", "state", "timeline", "render", "preview", "check", "record", "import"] {
            #expect(r.stdout.contains("\n  \(name) "))
        }
        #expect(r.stdout.contains("64  command-line usage error"))
    }

    @Test(arguments: ["validate", "state", "timeline", "render", "preview", "check", "record", "import"])
    func everyCommandHasHelp(command: String) throws {
        let r = try run([command, "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: refresh-frames \(command)"))
        #expect(r.stdout.contains("OPTIONS:"))
        #expect(r.stderr.isEmpty)
    }

    @Test(arguments: [
        (["rendr"], "Error: Unknown subcommand 'rendr'. Did you mean 'render'?"),
        (["render", "--fsp", "30"], "Error: Unknown option '--fsp'. Did you mean '--fps'?"),
        (["render", "--fps"], "Error: Missing value for '--fps <n>'."),
        (["render", "--fps", "fast"], "Error: Invalid value 'fast' for '--fps': expected a number."),
        (["render", "--fps", "0"], "Error: Invalid value '0' for '--fps': expected a number from 1 to 100."),
        (["state", "samples/marquee.json"], "Error: Missing expected option '--at <seconds>'."),
        (["validate"], "Error: Missing expected argument '<spec>'."),
        (["validate", "a.json", "b.json"], "Error: Unexpected argument 'b.json'."),
        (
            ["render", "--at", "1", "--from", "0"],
            "Error: '--at' renders one frame; it cannot be combined with '--from' or '--to'."
        ),
        (
            ["render", "-o", "x.png"],
            "Error: A single PNG needs '--at <seconds>'; for a PNG sequence give a directory."
        ),
        (
            ["render", "-o", "x.mp4"],
            "Error: Cannot tell the format of 'x.mp4': name it .gif, .apng, .webp, .png, .ans or .cast, or give --format."
        ),
    ])
    func usageErrorsExit64WithOneErrorLine(arguments: [String], message: String) throws {
        let r = try run(arguments, in: repositoryRoot.path)
        #expect(r.status == 64)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.first.map(String.init) == message)
        #expect(lines.count == 3)
        #expect(r.stdout.isEmpty)
    }

    @Test func inputErrorsExit2WithOneLocatedLine() throws {
        let dir = try temporaryDirectory()
        let spec = dir + "/bad.json"
        try Data(
            "{\n  \"canvas\": {\"width\": 375, \"height\": 60},\n  \"views\": [{\"tag\": \"one\"}],\n  \"scenario\": {\"refreshAt\": 0, \"workDuration\": 1}\n}\n"
                .utf8
        ).write(to: URL(fileURLWithPath: spec))
        let r = try run(["validate", spec])
        #expect(r.status == 2)
        #expect(r.stderr == "\(spec):3:21: error: views[0].tag: expected an integer, got a string\n")
        #expect(r.stdout.isEmpty)
    }

    @Test func aLayoutProblemIsLocatedToo() throws {
        let dir = try temporaryDirectory()
        let spec = dir + "/conflict.json"
        try Data(
            """
            {"canvas": {"width": 100, "height": 60},
             "views": [{"tag": 1, "kind": "view"}],
             "constraints": ["1.width == 20", "1.height == 20", "1.left == superview.left", "1.top == superview.top",
                             "1.width == 30"],
             "scenario": {"refreshAt": 0, "workDuration": 1}}
            """.utf8
        ).write(to: URL(fileURLWithPath: spec))
        let r = try run(["validate", spec])
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "\(spec):4:18: error: constraints[4]: conflicts with constraints[0] (view 1 width == 30 vs view 1 width == 20)\n"
        )
    }

    @Test(arguments: [
        ("missing.json", "missing.json: error: no such file"),
        ("samples", "samples: error: is a directory; expected a JSON spec file"),
    ])
    func unreadableInputs(path: String, message: String) throws {
        let r = try run(["validate", path], in: repositoryRoot.path)
        #expect(r.status == 2)
        #expect(r.stderr == message + "\n")
    }

    @Test func versionPrints() throws {
        let r = try run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout == "0.1.0\n")
    }
}

/// `validate`, `state` and `timeline` on the reference samples, with the real fonts.
struct InspectionCommandTests {
    @Test(arguments: ["rotate-scale", "color-dots", "marquee", "classic-spinner", "arrow-spinner"])
    func everySampleValidates(name: String) throws {
        let r = try run(["validate", samplePath(name)])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("\(samplePath(name)): ok: "))
        #expect(r.stderr == "", "no view of a sample is off its canvas, nor any other remark")
    }

    /// A view whose drawing no frame shows is named, with where it is; the spec still validates
    /// and renders (it is the user's to move it or make the canvas larger).
    @Test func aViewNeverOnTheCanvasIsNamed() throws {
        let dir = try temporaryDirectory()
        try """
        {"canvas": {"width": 100, "height": 60},
         "views": [{"tag": 1, "text": "我", "name": "far"}, {"tag": 2, "text": "近"}],
         "constraints": ["1.leading == superview.leading + 20", "1.top == superview.top + 70",
                         "2.centerX == superview.centerX", "2.centerY == superview.centerY"],
         "scenario": {"refreshAt": 0, "workDuration": 1}}
        """.write(toFile: dir + "/far.json", atomically: true, encoding: .utf8)
        let r = try run(["validate", "far.json"], in: dir)
        #expect(r.status == 0)
        #expect(
            r.stderr.hasPrefix(
                "far.json: warning: view 1 ('far') draws but is never on the 100 × 60 pt canvas: what it draws is "
                    + "below it at each of 55 instants sampled over the run (at 0.00 s, (20, 70, "),
            "\(r.stderr)")
        #expect(r.stderr.hasSuffix(") in the canvas's points)\n"))
        #expect(r.stderr.components(separatedBy: "\n").count == 2, "one line, for view 1 alone")
        let render = try run(["render", "far.json", "-o", "far.gif"], in: dir)
        #expect(render.status == 0)
        #expect(render.stderr.contains("view 1 ('far') draws but is never on the"))
    }

    @Test func stateIsTheDocumentedJSON() throws {
        let r = try run(["state", samplePath("rotate-scale"), "--at", "2.2"])
        #expect(r.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(object["time"] as? Double == 2.2)
        #expect(object["phase"] as? String == "refreshing")
        #expect(object["refreshBeganAt"] as? Double == 0.5)
        #expect(object["refreshEndedAt"] as? Double == 4.5)
        #expect(object["contentAlpha"] as? Double == 1)
        #expect(object["pull"] as? Double == 60)
        let labels = object["labels"] as! [[String: Any]]
        #expect(labels.map { $0["tag"] as! Int } == [1, 2, 3, 4, 5, 6, 7])
        #expect(labels[0]["text"] as? String == "我")
        #expect(labels[0]["rotation"] as? Double == 22.5)
        #expect(labels[0]["textColor"] as? String == "#FF00FFFF")
        #expect(labels[0]["backgroundColor"] as? String == "#00000000")
        #expect((labels[0]["frame"] as? [Double])?.count == 4)
        #expect(labels[1]["scale"] as? [Double] == [1, 1])
    }

    @Test func plainViewsHaveNullText() throws {
        let r = try run(["state", samplePath("color-dots"), "--at", "0.05"])
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let labels = object["labels"] as! [[String: Any]]
        #expect(labels[0]["text"] is NSNull)
        #expect(labels[0]["frame"] as? [Double] == [72.5, 20, 20, 20])
        #expect(labels[0]["backgroundColor"] as? String == "#80008080")
    }

    @Test func theClockComesFromTheEnvironmentOrNow() throws {
        let fromEnvironment = try run(["state", samplePath("classic-spinner"), "--at", "1"])
        #expect(fromEnvironment.stdout.contains("最后一次更新时间： 2016-02-14 12:00:00"))
        let fromOption = try run(["state", samplePath("classic-spinner"), "--at", "1", "--now", "2020-01-02T03:04:05Z"])
        #expect(fromOption.stdout.contains("最后一次更新时间： 2020-01-02 03:04:05"))
    }

    @Test func timelineDumpsLayoutAndSegments() throws {
        let r = try run(["timeline", samplePath("marquee")])
        #expect(r.status == 0)
        #expect(r.stdout.contains("  tag 3: x=158.5 y=15 w=20 h=30\n"))
        #expect(r.stdout.contains("   0.480 →   0.630  tag 1  transform        identity → scale(1.5)  linear\n"))
    }

    @Test func theBuiltInDefaultIsTheRotateScaleSample() throws {
        let builtIn = try run(["timeline", samplePath("rotate-scale")])
        let dir = try temporaryDirectory()
        let r = try run(["render", "--at", "0.05", "-o", dir + "/default.png"])
        #expect(r.status == 0)
        #expect(builtIn.status == 0)
        let fromFile = try run(["render", samplePath("rotate-scale"), "--at", "0.05", "-o", dir + "/file.png"])
        #expect(fromFile.status == 0)
        #expect(
            FileManager.default.contents(atPath: dir + "/default.png")
                == FileManager.default.contents(atPath: dir + "/file.png"))
    }
}
