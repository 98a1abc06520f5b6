import Foundation
import Testing

/// What real pull-to-refresh controls' code met when a tester ran it (docs/swift-programs.md, "Real
/// controls"), through the binary as a team runs it. The fixtures in Tests/Fixtures/swift-controls
/// are small files in the shape of each repository's code, written for these tests.
struct SwiftRealControlsTests {
    /// The fixtures directory, where the specs find their Swift files.
    let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/swift-controls").path

    /// The `"text"` of the state's label `tag` at `time`.
    func text(_ spec: String, at time: String, tag: Int = 1) throws -> String? {
        let r = try run(["state", spec, "--at", time], in: fixtures)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let labels = json?["labels"] as? [[String: Any]] ?? []
        return labels.first { $0["tag"] as? Int == tag }?["text"] as? String
    }

    func label(_ spec: String, at time: String, tag: Int) throws -> [String: Any] {
        let r = try run(["state", spec, "--at", time], in: fixtures)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let labels = json?["labels"] as? [[String: Any]] ?? []
        return labels.first { $0["tag"] as? Int == tag } ?? [:]
    }

    /// eggswift/pull-to-refresh needed four runs to learn of UIFont, NSLocalizedString and
    /// UIActivityIndicatorView one at a time, and the warnings that explained an error were dropped.
    /// (`UIBezierPath(ovalIn:)` on line 16 is supported since shadow paths are: no warning.)
    @Test func oneRunNamesEveryUnsupportedTypeAndKeepsTheWarningsBeforeItsError() throws {
        let r = try run(["validate", "glow.json"], in: fixtures)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr == """
                GlowControl.swift:4:17: warning: 'CAGradientLayer' is not supported: skipped
                GlowControl.swift:12:9: warning: 'UIImpactFeedbackGenerator' is not supported: skipped
                GlowControl.swift:4:17: warning: 'CAGradientLayer(…)' is not supported: skipped
                GlowControl.swift:21:17: warning: 'isGlowing' of UIView is not supported: skipped
                GlowControl.swift:21:17: error: this depends on 'isGlowing' of UIView (GlowControl.swift:21:17), which is not supported

                """)
    }

    /// A title's font and alignment draw nothing the spec does not say: they no longer stop the run
    /// (B10), and NSLocalizedString gives its key (eggswift/pull-to-refresh).
    @Test func fontsAlignmentAndLocalizedTitlesPlay() throws {
        let r = try run(["validate", "title.json"], in: fixtures)
        #expect(r.status == 0, "\(r.stderr)")
        // One warning for the line, at the value (before swiftprog6 the set at 11:14 named it again).
        #expect(
            r.stderr.contains(
                "TitleControl.swift:11:30: warning: '.byClipping' is not supported (no type here has it): skipped"
            ))
        #expect(!r.stderr.contains("TitleControl.swift:11:14"), "\(r.stderr)")
        #expect(try text("title.json", at: "1") == "Pull to refresh")
    }

    /// B5: with no refresh control at all, the message says so, not "give workDuration".
    @Test func aRefreshControlNeverInstalledIsNamedAsSuch() throws {
        let r = try run(["validate", "header-only.json"], in: fixtures)
        #expect(r.status == 2)
        #expect(
            r.stderr.hasSuffix(
                "HeaderOnly.swift:3:7: error: the refresh never ends: its refresh control was never installed (addSubview or refreshControl =)\n"
            ))
    }

    /// B1 (Jerry0523/JWRefreshControl): `tableView` is the controller's table view although the
    /// class declares `tableView(_:numberOfRowsInSection:)`.
    @Test func tableViewIsThePropertyBesideDataSourceMethods() throws {
        let r = try run(["validate", "data-source.json"], in: fixtures)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("refresh 0.38 s–1.38 s"))
    }

    /// andreamazz/GearRefreshControl: UIColor(hue:…) inside `extension UIColor` (it said "UIColor
    /// cannot be created"); the `Gear()` it adds to its refresh control is drawn. By hand:
    /// hue 1/3 is sector 2 with f = 0, so (p, v, t) = (0.8·0.5, 0.8, 0.8·(1 − 0.5)) = (0.4, 0.8, 0.4)
    /// = #66CC66; hue 0.5 is sector 3, (p, q, v) = (0, 1, 1) = #00FFFF, alpha 0.5 → 0x80.
    @Test func colorsFromHueAndProgramViewsByTheirNames() throws {
        let r = try run(["validate", "gear-colors.json"], in: fixtures)
        #expect(r.status == 0, "\(r.stderr)")
        // The `Gear()` the code adds to the refresh control is drawn: nothing names it.
        #expect(!r.stderr.contains("GearColors.swift:23:16"))
        let label = try label("gear-colors.json", at: "0.1", tag: 1)
        #expect(label["textColor"] as? String == "#66CC66FF")
        #expect(label["backgroundColor"] as? String == "#00FFFF80")
    }

    /// Gear's `darkerColor`: `getHue(&h, saturation: &s, brightness: &b, alpha: &a)` writes back
    /// #66CC66's (1/3, 0.5, 0.8, 1) (max 0.8 is green: hue (2 + (0.4 − 0.4)/0.4)/6; saturation
    /// 0.4/0.8), so brightness × 0.5 is (0.2, 0.4, 0.2) = #336633.
    @Test func getHueWritesItsComponentsBack() throws {
        let view = try label("gear-colors.json", at: "0.1", tag: 2)
        #expect(view["backgroundColor"] as? String == "#336633FF", "\(view)")
    }

    /// B2: a block animating a view the spec does not draw still lasts its 0.3 s, so the spin loop
    /// turns once per 0.3 s from the refresh's start (0.375 s) instead of spinning in zero time
    /// until the event limit: turns end at 0.675, 0.975, 1.275 and, refreshing having ended at
    /// 1.375, 1.575 is the last.
    @Test(arguments: [("0.6", "0"), ("0.7", "1"), ("1.0", "2"), ("1.3", "3"), ("1.6", "4"), ("2", "4")])
    func aSpinLoopOnAViewNotDrawnTakesItsTime(at time: String, turns: String) throws {
        #expect(try text("spin.json", at: time) == turns)
    }

    /// rayray199085/SCRRefreshControl and konkab/Respinner: a UIControl subclass's
    /// `super.init(frame:)`; added to the table view, it is drawn there (it was once named as a view
    /// never added to a drawn view).
    @Test func aControlSubclassCallsSuperInitFrame() throws {
        let r = try run(["validate", "pull-control.json"], in: fixtures)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    /// sam408130/Lolita-public (B6): `loadNibNamed(…)[0] as! TitleView`, its outlet the spec view
    /// named so, `awakeFromNib()` run; without the name, the outlet is named and so is the nil.
    @Test func aNibRootOfTheCodesClassHasItsOutlets() throws {
        #expect(try text("title-view.json", at: "0.1") == "Loading")
        let dir = try temporaryDirectory()
        let spec = try String(contentsOfFile: fixtures + "/title-view.json", encoding: .utf8)
        try Data(spec.replacingOccurrences(of: "\"name\": \"titleLabel\",", with: "").utf8)
            .write(to: URL(fileURLWithPath: dir + "/title-view.json"))
        try FileManager.default.copyItem(atPath: fixtures + "/TitleView.swift", toPath: dir + "/TitleView.swift")
        let r = try run(["validate", "title-view.json"], in: dir)
        #expect(r.status == 2)
        #expect(
            r.stderr == """
                TitleView.swift:4:24: warning: the outlet 'titleLabel' of TitleView is connected to no view: give the spec's view "name": "titleLabel"
                TitleView.swift:9:20: error: unexpectedly found nil setting 'text' (an implicitly unwrapped optional that is nil)

                """)
    }

    /// sam408130/Lolita-public: the control observes its own `frame` (its origin is −pull) from
    /// `awakeFromNib`. The pull is linear, 80 pt in 0.5 s: 48 pt at 0.3 s; the first 60 Hz frame past
    /// 50 pt is 19/60 s (50.67 pt), where the 0.25 s ease-in-out turn to 90° starts, so it is at 45°
    /// at 19/60 + 0.125 s (the curve's midpoint) and at 90° once done.
    @Test(arguments: [("0.3", 0.0), ("0.441667", 45.0), ("1.5", 90.0)])
    func observingTheControlsFrameTurnsTheTip(at time: String, degrees: Double) throws {
        let rotation = try label("tip.json", at: time, tag: 1)["rotation"] as? Double
        #expect(rotation.map { abs($0 - degrees) < 0.01 } == true, "\(String(describing: rotation))")
    }

    /// konkab/Respinner: a `UIControl` of its own, added to the table view (`didMoveToSuperview`
    /// observes `contentOffset`), begins when it sends `.valueChanged` itself: past its 60 pt height
    /// with the finger up, at the first 60 Hz frame after the release at 0.8 s (49/60 s, pull
    /// 75.6 pt); its controller's 1.5 s `asyncAfter` ends it (its `refreshing` turns false), or
    /// `workDuration` does (its `endRefreshing()` called then). A pull of 55 pt never reaches its
    /// height, whatever the scenario's `refreshAtPull` (50) says: the pull is shown alone.
    @Test(arguments: [
        ("respin.json", Int32(0), "refresh 0.82 s–2.32 s"),
        ("respin-work.json", 0, "refresh 0.82 s–1.82 s"),
        ("respin-shallow.json", 0, "no refresh (the pull alone)"),
        (
            "respin-shallow.json", 0,
            "RespinControl.swift:57:7: warning: the refresh never began: RespinControl() never sent .valueChanged (sendActions(for:)) as the scenario pulled, and its 'refreshing' never turned true; shown as the pull alone"
        ),
    ])
    func aControlOfItsOwnBeginsWhenItSendsValueChanged(spec: String, status: Int32, says: String) throws {
        let r = try run(["validate", spec], in: fixtures)
        #expect(r.status == status, "\(r.stderr)")
        #expect((r.stdout + r.stderr).contains(says), "\(r.stdout)\(r.stderr)")
    }

    /// The same control's KVO: the spinner turns −y/60 half-turns and fades in from 0.25 with the
    /// pull (at 0.35 s: 40 pt, 120°, 0.25 + 40/60); `.initial` called it at 0 s, before the pull
    /// starts at 0.2 s (alpha 0.25, not the spec's 1). Refreshing, an additive `rotation.z` turn a
    /// second over the model's 240° (80 pt): 330° a quarter-second after 49/60 s, 306° at 2 s.
    @Test(arguments: [("0.1", 0.0, 0.25), ("0.35", 120.0, 0.9167), ("1.066667", 330.0, 1.0), ("2", 306.0, 1.0)])
    func aControlOfItsOwnFollowsTheScrollThroughKVO(at time: String, degrees: Double, alpha: Double) throws {
        let view = try label("respin.json", at: time, tag: 1)
        let rotation = view["rotation"] as? Double
        #expect(rotation.map { abs($0 - degrees) < 0.01 } == true, "\(String(describing: rotation))")
        #expect((view["alpha"] as? Double).map { abs($0 - alpha) < 0.001 } == true, "\(view)")
    }

    /// rayray199085/SCRRefreshControl: the control's view is the nib through
    /// `UINib(nibName:bundle:).instantiate(withOwner:options:)[0] as! HintView` (the spec's views,
    /// the outlet `hintLabel` by its `"name"`); its state is in that view, so its own
    /// `endRefreshing()`, 2 s after its `.valueChanged` at 49/60 s, is what ends the refresh.
    @Test(arguments: [
        ("0.1", "Pull down"), ("0.4", "Release"), ("0.9", "Loading"), ("2.8", "Loading"), ("2.9", "Pull down"),
    ])
    func aNibThroughUINibIsTheSpecsViews(at time: String, text expected: String) throws {
        #expect(try text("nib-control.json", at: time) == expected)
        let r = try run(["validate", "nib-control.json"], in: fixtures)
        #expect(r.stdout.contains("refresh 0.82 s–2.82 s"), "\(r.stdout)\(r.stderr)")
    }

    /// B8: docs/swift-programs.md once sent readers to a `refresh-frames limits` that does not exist.
    /// Every `` `refresh-frames WORD `` the user's docs write is a subcommand of the binary
    /// (docs/architecture.md is left out: its `refresh-frames duration` shows how one would add one).
    @Test func theDocsNameOnlyCommandsThatExist() throws {
        let help = try run(["--help"]).stdout
        let commands = Set(
            help.split(separator: "\n").drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
                .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(commands.contains("validate") && commands.contains("swift"))
        let docs =
            try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") && $0 != "architecture.md" }.map { "docs/" + $0 } + ["README.md"]
        var unknown: [String] = []
        for doc in docs {
            let text = try String(contentsOfFile: repositoryRoot.appendingPathComponent(doc).path, encoding: .utf8)
            for part in text.components(separatedBy: "`refresh-frames ").dropFirst() {
                let word = String(part.prefix { $0.isLetter || $0 == "-" })
                if !word.isEmpty, !word.hasPrefix("-"), !commands.contains(word) { unknown.append("\(doc): \(word)") }
            }
        }
        #expect(unknown == [])
    }

    /// eggswift/pull-to-refresh's header: a UIActivityIndicatorView is the spec's spinner, hidden
    /// until startAnimating() (hidesWhenStopped), hidden again after stopAnimating().
    @Test func anActivityIndicatorIsTheSpecsSpinner() throws {
        #expect(try label("indicator.json", at: "0.1", tag: 2)["hidden"] as? Bool == true)
        #expect(try label("indicator.json", at: "0.5", tag: 2)["hidden"] == nil)
        #expect(try label("indicator.json", at: "1.5", tag: 2)["hidden"] as? Bool == true)
    }
}
