import Foundation
import Testing

/// `import X.xib --code X.swift`: a spec that refers to the app's xib and Swift files, read at every
/// run, through the built binary. The fixtures (Tests/Fixtures/import-code) are copied into a
/// temporary app directory, the spec written into another directory beside it.
struct ImportCodeTests {
    /// `dir/app/PullView.xib`, `dir/app/Code/PullViewController.swift` and an empty `dir/specs`.
    static func app() throws -> String {
        let dir = try temporaryDirectory()
        let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/import-code").path
        let files = FileManager.default
        try files.createDirectory(atPath: dir + "/app/Code", withIntermediateDirectories: true)
        try files.createDirectory(atPath: dir + "/specs", withIntermediateDirectories: true)
        try files.copyItem(atPath: fixtures + "/PullView.xib", toPath: dir + "/app/PullView.xib")
        try files.copyItem(
            atPath: fixtures + "/PullViewController.swift", toPath: dir + "/app/Code/PullViewController.swift")
        return dir
    }

    static func edit(_ path: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(path) holds \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path))
    }

    static let played =
        "the program is PullViewController.swift: refreshing runs from 0.48 to 1.98 s as the scenario pulls\n"

    @Test func theSpecRefersToTheXibAndTheCodeRelativeToItsDirectory() throws {
        let dir = try Self.app()
        let r = try run(
            ["import", "app/PullView.xib", "--code", "app/Code/PullViewController.swift", "-o", "specs/refresh.json"],
            in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.hasSuffix(
                Self.played + "wrote specs/refresh.json: 3 frames solved and match Interface Builder's\n"))
        let spec = try String(contentsOfFile: dir + "/specs/refresh.json", encoding: .utf8)
        #expect(
            spec == """
                {
                  "description": "The app's own control: the layout of PullView.xib and the program of PullViewController.swift, read from them at every run (refresh-frames import --code).",
                  "xib": "../app/PullView.xib",
                  "program": {"swift": "../app/Code/PullViewController.swift"},
                  "scenario": {"pull": [[0, 0], [0.6, 75], [0.8, 75], [1.1, 0]], "refreshAtPull": 60, "controlHeight": 60}
                }

                """)
        // Read from anywhere: the paths are the spec's, not the working directory's.
        let state = try run(["state", dir + "/specs/refresh.json", "--at", "0.7"])
        #expect(state.status == 0, "\(state.stderr)")
        #expect(state.stdout.contains(#""tag": 1, "text": "P", "frame": [100.0, 15.0, 40.0, 30.0]"#))
        #expect(
            state.stdout.contains(#""scale": [1.4, 1.4]"#),
            "label 1 shrinks back: 0.02 s into its 0.1 s \(state.stdout)")
    }

    /// Several files, a class, a storyboard-style scene: as the spec's program and xib keys say.
    @Test func codeMayBeGivenMoreThanOnceWithAClass() throws {
        let dir = try Self.app()
        try Data("// An extension of the app's, for the tests.\nimport UIKit\n".utf8).write(
            to: URL(fileURLWithPath: dir + "/app/Code/Extras.swift"))
        let r = try run(
            [
                "import", "app/PullView.xib", "--code", "app/Code/PullViewController.swift", "--code",
                "app/Code/Extras.swift", "--class", "PullViewController",
            ], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                #""program": {"swift": ["app/Code/PullViewController.swift", "app/Code/Extras.swift"], "class": "PullViewController"},"#
            ))
        #expect(r.stdout.contains(#""xib": "app/PullView.xib","#))
        #expect(
            r.stderr.hasSuffix(
                "the program is PullViewController.swift, Extras.swift (class PullViewController): refreshing runs from 0.48 to 1.98 s as the scenario pulls\n"
            ))
    }

    /// The spec that refers to the files renders exactly as the one that copies the xib's views
    /// (`import --animation none`) with the same program and scenario written in by hand.
    @Test func itRendersAsTheHandAssembledSwiftProgramSpec() throws {
        let dir = try Self.app()
        let refers = dir + "/specs/refresh.json"
        let copies = dir + "/specs/copied.json"
        #expect(
            try run([
                "import", dir + "/app/PullView.xib", "--code", dir + "/app/Code/PullViewController.swift", "-o", refers,
            ])
            .status == 0)
        #expect(try run(["import", dir + "/app/PullView.xib", "--animation", "none", "-o", copies]).status == 0)
        var hand = try String(contentsOfFile: copies, encoding: .utf8)
        let scenario = try #require(hand.range(of: #"  "scenario": {"#))
        hand =
            String(hand[..<scenario.lowerBound])
                + """
                  "program": {"swift": "../app/Code/PullViewController.swift"},
                  "scenario": {"pull": [[0, 0], [0.6, 75], [0.8, 75], [1.1, 0]], "refreshAtPull": 60, "controlHeight": 60}
                }

                """
        try Data(hand.utf8).write(to: URL(fileURLWithPath: copies))
        for (format, file) in [("gif", "x.gif"), ("png", "x.png")] {
            var arguments = ["render", refers, "-o", dir + "/a-" + file]
            if format == "png" { arguments += ["--at", "0.7"] }
            #expect(try run(arguments).status == 0)
            arguments[1] = copies
            arguments[3] = dir + "/b-" + file
            #expect(try run(arguments).status == 0)
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a-" + file))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/b-" + file))
            #expect(a == b, "\(format): the spec that refers to the xib draws as the one that copies it")
        }
        for t in ["0.3", "0.7", "1.2", "2"] {
            let states = try [refers, copies].map { try run(["state", $0, "--at", t]).stdout }
            #expect(states[0] == states[1] && states[0].hasPrefix("{\"time\": "), "at \(t) s")
        }
    }

    /// Goldens record the Swift file and the xib; after either changes, the output changes and
    /// `check` fails (exit 1) naming the changed file.
    @Test func aChangeOfTheCodeOrTheXibFailsTheCheckNamingTheFile() throws {
        let dir = try Self.app()
        let spec = dir + "/specs/refresh.json"
        #expect(
            try run([
                "import", dir + "/app/PullView.xib", "--code", dir + "/app/Code/PullViewController.swift", "-o", spec,
            ])
            .status == 0)
        let golden = dir + "/goldens"
        #expect(try run(["record", spec, "--golden", golden, "--at", "0.3,0.7,1.2"]).status == 0)
        let manifest = try String(contentsOfFile: golden + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"xib\": {\n    \"file\": \"../app/PullView.xib\",\n    \"hash\": \""))
        #expect(manifest.contains("\"file\": \"../app/Code/PullViewController.swift\""))
        #expect(try run(["check", spec, "--golden", golden]).status == 0)
        let before = try run(["state", spec, "--at", "0.7"]).stdout

        try Self.edit(dir + "/app/Code/PullViewController.swift", "withDuration: 0.2,", "withDuration: 0.25,")
        #expect(try run(["state", spec, "--at", "0.7"]).stdout != before, "the code's change changes the output")
        let code = try run(["check", spec, "--golden", golden, "--report", dir + "/report"])
        #expect(code.status == 1)
        let said = code.stdout + code.stderr
        #expect(
            said.contains(
                "the app's Swift code changed since the goldens were recorded (../app/Code/PullViewController.swift "),
            "\(said)")
        #expect(
            said.contains(
                #"../app/Code/PullViewController.swift:38: "withDuration: 0.2, delay: 0, options: .curveLinear," → "withDuration: 0.25, delay: 0, options: .curveLinear,""#
            ))
        // Shown as a path, not as the spec's directory joined to its relative path (specs/../app).
        #expect(said.contains("its program is the Swift code in \(dir)/app/Code/PullViewController.swift"), "\(said)")
        try Self.edit(dir + "/app/Code/PullViewController.swift", "withDuration: 0.25,", "withDuration: 0.2,")
        #expect(try run(["check", spec, "--golden", golden]).status == 0, "the code as recorded passes again")

        try Self.edit(dir + "/app/PullView.xib", #"x="140" y="15""#, #"x="150" y="15""#)
        let xib = try run(["check", spec, "--golden", golden, "--report", dir + "/report"])
        #expect(xib.status == 1)
        #expect(
            (xib.stdout + xib.stderr).contains(
                "the app's xib changed since the goldens were recorded (../app/PullView.xib "), "\(xib.stdout)")
        #expect((xib.stdout + xib.stderr).contains("states: tag 2: x +10 pt at every instant"))
    }

    @Test(arguments: [
        (["--code", "Missing.swift"], 2, "Missing.swift: error: no such file\n"),
        (["--code", "app"], 2, "app: error: expected a .swift file (--code)\n"),
        (["--code", "Gone/Pull.swift"], 2, "Gone/Pull.swift: error: no such file\n"),
        (
            ["--code", "app/Code/PullViewController.swift", "--animation", "marquee"], 64,
            "Error: '--animation' and '--code' cannot be given together: the code is the animation.\n"
        ),
        (
            ["--class", "PullViewController"], 64,
            "Error: '--class' names a class of the '--code' files; give '--code'.\n"
        ),
    ])
    func badCodePathsAreBadInputAndWriteNothing(arguments: [String], status: Int32, stderr: String) throws {
        let dir = try Self.app()
        let r = try run(["import", "app/PullView.xib", "-o", "specs/refresh.json"] + arguments, in: dir)
        #expect(r.status == status)
        #expect(r.stderr.hasPrefix(stderr), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/specs/refresh.json"))
    }

    /// Without `--code` the summary says whose animation the spec carries.
    @Test(arguments: [
        (
            [String](),
            "note: the animation is not the app's: it is the rotate-scale sample's (samples/rotate-scale.json: each label in turn turns 45° in the next palette colour, then all scale 1.5×) over the labels 1, 2, 3; --code FILE.swift plays the app's own Swift code instead\n"
        ),
        (
            ["--animation", "marquee"],
            "note: the animation is not the app's: it is the marquee sample's (samples/marquee.json: each label in turn scales 1.5× in the next palette colour, the last one never) over the labels 1, 2, 3; --code FILE.swift plays the app's own Swift code instead\n"
        ),
        (
            ["--animation", "none"],
            "note: the spec has no animation (--animation none); --code FILE.swift plays the app's own Swift code instead\n"
        ),
    ])
    func withoutCodeTheSummaryNamesTheAttachedAnimation(arguments: [String], note: String) throws {
        let dir = try Self.app()
        let r = try run(["import", "app/PullView.xib", "-o", "x.json"] + arguments, in: dir)
        #expect(r.status == 0)
        #expect(
            r.stderr.hasSuffix(note + "wrote x.json: 3 frames solved and match Interface Builder's\n"), "\(r.stderr)")
    }

    @Test func theHelpDocumentsCode() throws {
        let r = try run(["import", "--help"])
        #expect(r.status == 0)
        #expect(
            r.stdout.contains(
                "  --code <file.swift>     The app's Swift code that animates the xib, as the spec's program (again for more files).\n"
            ), "\(r.stdout)")
        #expect(r.stdout.contains("  --class <name>          The class to drive"))
        #expect(r.stdout.contains("With --code, the spec refers to the xib and to the app's Swift files"))
    }

    /// A spec's `"xib"`: the layout is the xib's, so the spec gives no views of its own; a missing
    /// xib is bad input at the key.
    @Test func aSpecsXibIsItsLayout() throws {
        let dir = try Self.app()
        let spec = dir + "/app/s.json"
        func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: spec)) }
        try write(
            #"{"xib": "PullView.xib", "views": [{"tag": 1}], "scenario": {"refreshAt": 0, "workDuration": 1}}"#)
        var r = try run(["validate", spec])
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "\(spec):1:25: error: views: the layout is read from 'PullView.xib' (\"xib\"), so the spec gives no 'views'; leave out one of the two\n"
        )
        try write(#"{"xib": "Nowhere.xib", "scenario": {"refreshAt": 0, "workDuration": 1}}"#)
        r = try run(["validate", spec])
        #expect(r.status == 2)
        #expect(
            r.stderr
                == "\(spec):1:9: error: xib: xib file 'Nowhere.xib' not found (looked for '\(dir)/app/Nowhere.xib')\n")
        try write(
            #"{"xib": "PullView.xib", "canvas": {"width": 200, "height": 60}, "scenario": {"refreshAt": 0, "workDuration": 1}}"#
        )
        r = try run(["validate", spec])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("\(spec): ok: 3 views, 12 constraints"), "\(r.stdout)")
        let state = try run(["state", spec, "--at", "0"])
        #expect(state.stdout.contains(#""frame": [100.0, 15.0, 40.0, 30.0]"#), "the xib's frames, its own canvas")
    }
}

extension ImportCodeTests {
    /// A spec that reads its layout from a xib has no views of its own: what the code changes that
    /// only the layout draws (`clipsToBounds`) is said with where to set it, the xib.
    @Test func aChangeOnlyTheLayoutDrawsNamesTheXibToSetItIn() throws {
        let dir = try Self.app()
        try Self.edit(
            dir + "/app/Code/PullViewController.swift", "refreshControl.addSubview(contents)",
            "refreshControl.addSubview(contents)\n        labels[0].clipsToBounds = true")
        _ = try run(
            ["import", "app/PullView.xib", "--code", "app/Code/PullViewController.swift", "-o", "specs/refresh.json"],
            in: dir)
        let r = try run(["validate", "specs/refresh.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "is not drawn: the spec's \"clipsToBounds\": false is (set Clip to Bounds on the view in '../app/PullView.xib')"
            ), "\(r.stderr)")
    }

    /// A spec's own canvas lays the xib's root out at that size: a root IB drew the size of the
    /// iPhone X's screen (with its 44 and 34 pt safe area) becomes a 100 pt control without the
    /// screen's safe area, so a view 10 below the safe area's top is 10 down, and one on its bottom
    /// ends at 100 (they were at 54 and 46 to 66, the screen's insets and height kept).
    @Test func aSpecsOwnCanvasLaysTheXibsRootOutAtThatSize() throws {
        let dir = try temporaryDirectory()
        try Data(
            contentsOf: repositoryRoot.appendingPathComponent(
                "Tests/RefreshFramesImportTests/Fixtures/xib-screen-safe-area.xib")
        )
        .write(to: URL(fileURLWithPath: dir + "/x.xib"))
        try
            #"{"xib": "x.xib", "canvas": {"width": 375, "height": 100}, "scenario": {"refreshAt": 0, "workDuration": 1}}"#
            .write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let state = try run(["state", "s.json", "--at", "0"], in: dir)
        #expect(state.status == 0, "\(state.stderr)")
        #expect(state.stdout.contains(#"{"tag": 1, "text": null, "frame": [0.0, 10.0, 40.0, 20.0]"#), "\(state.stdout)")
        #expect(state.stdout.contains(#"{"tag": 3, "text": null, "frame": [0.0, 80.0, 40.0, 20.0]"#), "\(state.stdout)")
        // A canvas no spec may have is the spec's own error, at its key, not the document's.
        try
            #"{"xib": "x.xib", "canvas": {"width": -1, "height": 100}, "scenario": {"refreshAt": 0, "workDuration": 1}}"#
            .write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let bad = try run(["validate", "s.json"], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr == "s.json:1:38: error: canvas.width: expected a number from 1 to 4096, got -1\n")
    }

    /// A view whose own xib it loads as the File's Owner (OwnerView.xib, OwnerView.swift): the
    /// import writes the owner's root and collection outlets, and the code finds them where UIKit
    /// puts them: its letters fade in the collection's order F, R, E (tags 3, 1, 2), 0.2 s apart
    /// from the refresh's start at 0.48 s; the status label reads "Loading" meanwhile, and its
    /// constraints' outlets animate it in 0.4 s (ease in-out, so half way at 0.68 s) from 15 to 25 pt
    /// tall with its bottom from 55 to 50 (the root's bottom 10 below it): (100, 40, 120, 15) →
    /// (100, 32.5, 120, 20) → (100, 25, 120, 25), back after endRefreshing at 2.48 s.
    @Test func aFilesOwnerViewPlaysWithItsRootAndCollectionOutlets() throws {
        let dir = try temporaryDirectory()
        let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/import-code").path
        for name in ["OwnerView.xib", "OwnerView.swift"] {
            try FileManager.default.copyItem(atPath: fixtures + "/" + name, toPath: dir + "/" + name)
        }
        let r = try run(["import", "OwnerView.xib", "--code", "OwnerView.swift", "-o", "owner.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("the program is OwnerView.swift: refreshing runs from 0.48 to 2.48 s"), "\(r.stderr)")
        func labels(at time: String) throws -> [[String: Any]] {
            let state = try run(["state", "owner.json", "--at", time], in: dir)
            #expect(state.status == 0, "\(state.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any]
            return json?["labels"] as? [[String: Any]] ?? []
        }
        let at078 = try labels(at: "0.78")
        func alpha(_ tag: Int) -> Double? { at078.first { $0["tag"] as? Int == tag }?["alpha"] as? Double }
        #expect([alpha(3), alpha(1), alpha(2)] == [0.2, 0.6, 1.0], "\(at078)")
        #expect(at078.first { $0["tag"] as? Int == 4 }?["text"] as? String == "Loading")
        for (time, frame) in [
            ("0.48", [100, 40, 120, 15]), ("0.68", [100, 32.5, 120, 20]), ("0.88", [100, 25, 120, 25]),
            ("2.6", [100, 40, 120, 15]),
        ] {
            let status = try labels(at: time).first { $0["tag"] as? Int == 4 }
            #expect(status?["frame"] as? [Double] == frame, "\(time): \(String(describing: status))")
        }
    }

    /// A root the size of a screen (a full-screen loading view) makes a control that tall: the
    /// import says so and names the canvas that lays the views out in a 60 pt control instead.
    @Test func aScreenSizedRootIsSaidWithTheCanvasThatMakesItAControl() throws {
        let dir = try Self.app()
        try Self.edit(
            dir + "/app/PullView.xib", #"<rect key="frame" x="0.0" y="0.0" width="320" height="60"/>"#,
            #"<rect key="frame" x="0.0" y="0.0" width="375" height="667"/>"#)
        let r = try run(
            ["import", "app/PullView.xib", "--code", "app/Code/PullViewController.swift", "-o", "specs/refresh.json"],
            in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                #"note: the xib's root is 375 × 667, the screen of an iPhone 8: the control is that tall (controlHeight 667); give the spec "canvas": {"width": 375, "height": 60} to lay its views out in a 60 pt control"#
            ), "\(r.stderr)")
        let plain = try run(["import", "app/PullView.xib", "--animation", "none"], in: dir)
        #expect(!plain.stderr.contains("a screen"), "only with --code, whose scenario follows the root's height")
    }
}

extension PreviewTests {
    /// `preview --watch` of an `import --code` spec reloads when the Swift file or the xib is saved.
    @Test func watchReloadsTheCodeAndTheXib() throws {
        let dir = try ImportCodeTests.app()
        let swift = dir + "/app/Code/PullViewController.swift"
        #expect(
            try run(
                ["import", "app/PullView.xib", "--code", "app/Code/PullViewController.swift", "-o", "specs/w.json"],
                in: dir
            )
            .status == 0)
        try start("cd \(dir)/specs && \(binaryPath) preview w.json --ansi text --watch")
        defer { _ = try? tmux(["kill-session", "-t", session]) }
        #expect(try waitFor("pull"))
        // Paused at 1 s, refreshing.
        _ = try tmux(["send-keys", "-t", session, "k", "Home", "Right", "Right"])
        #expect(try waitFor("t=1.00s paused"))
        #expect(try waitFor("U"))
        #expect(try !pane().contains("Z"))
        try ImportCodeTests.edit(swift, "        animate(0)\n", "        labels[1].text = \"Z\"\n        animate(0)\n")
        #expect(try waitFor("Z", seconds: 5), "the Swift file's save shows: \((try? pane()) ?? "")")
        #expect(try pane().contains("t=1.00s paused"))
        try ImportCodeTests.edit(dir + "/app/PullView.xib", #"text="P""#, #"text="W""#)
        #expect(try waitFor("W", seconds: 5), "the xib's save shows: \((try? pane()) ?? "")")
        _ = try tmux(["send-keys", "-t", session, "q"])
        #expect(try waitFor("EXIT=0"))
    }
}
