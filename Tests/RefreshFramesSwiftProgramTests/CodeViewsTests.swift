import RefreshFramesCore
import RefreshFramesRaster
import RefreshFramesSwiftProgram
import Testing

/// A refresh control that builds its views in code, as real controls do (andreamazz's
/// GearRefreshControl): a blue plate holding a red square and a white label, added to the control;
/// the square turns and the label fades while refreshing.
let codeViewsControl = """
    import UIKit

    class GearControl: UIRefreshControl {
        let plate = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        let gear = UIView()
        let title = UILabel(frame: CGRect(x: 100, y: 20, width: 100, height: 20))

        override init() {
            super.init()
            plate.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            gear.frame = CGRect(x: 10, y: 20, width: 20, height: 20)
            gear.backgroundColor = .red
            gear.layer.cornerRadius = 4
            title.text = "Loading"
            title.textColor = .white
            title.font = UIFont.boldSystemFont(ofSize: 12)
            plate.addSubview(gear)
            plate.addSubview(title)
            addSubview(plate)
            addTarget(self, action: #selector(go), for: .valueChanged)
            let unused = UIView()
            unused.alpha = 0.5
        }

        @objc func go() {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                self.gear.transform = CGAffineTransform(rotationAngle: .pi / 2)
                self.title.alpha = 0
            }, completion: { _ in self.endRefreshing() })
        }
    }
    """

/// One clear spec view (tag 1) in a 200 × 60 control; refreshing begins when the pull reaches
/// 60 pt at 0.4 s and the finger lets go at 0.9 s, so the content is held at 60 pt from 0.9 s.
let codeViewsSpec = """
    {
      "canvas": {"width": 200, "height": 60},
      "views": [{"tag": 1, "kind": "view"}],
      "constraints": ["1.width == 1", "1.height == 1", "1.top == superview.top", "1.leading == superview.leading"],
      "scenario": {"pull": [[0, 0], [0.6, 90], [0.9, 90], [1.2, 0]], "refreshAtPull": 60, "workDuration": 5}
    }
    """

@Suite struct CodeViewsTests {
    /// The views are drawn under the control's content view (tag 5, made at the first addSubview
    /// to the control), in the order added; the view never added is dropped and named.
    @Test func viewsTheCodeBuildsAreLaidOutAndDrawnAsTheSpecsViews() throws {
        let (timeline, diagnostics) = try swiftTimeline(try spec(codeViewsSpec), try decode(codeViewsControl))
        #expect(timeline.spec.views.map(\.tag) == [1, 5, 2, 3, 4])
        #expect(timeline.spec.views.map(\.superview) == [nil, nil, 5, 2, 2])
        #expect(timeline.spec.views.last?.font == FontSpec(size: 12, weight: "bold"))
        #expect(
            diagnostics == [
                "RefreshView.swift:21:22: warning: UIView() makes a view that is never added to a drawn view (the table view, the refresh control, the nib's views): it is not drawn"
            ])
        // Refreshing from 0.4 s: at 1.2 s the 1 s linear block is 80 % done.
        let gear = state(timeline, 3, at: 1.2)
        #expect(gear.frame == Rect(x: 10, y: 20, width: 20, height: 20))
        #expect(abs(gear.transform.rotation - 72) < 1e-9)
        #expect(gear.backgroundColor == RGBA(red: 1, green: 0, blue: 0))
        #expect(gear.cornerRadius == 4)
        let title = state(timeline, 4, at: 1.2)
        #expect(title.text == "Loading")
        #expect(title.textColor == .white)
        #expect(abs(title.alpha - 0.2) < 1e-9)
        // The control's coordinates start at the screen's top (its frame's y is −pull); the
        // canvas ends at the content's top: held at 60 pt, they are the same, at 90 pt 30 pt apart.
        #expect(state(timeline, 5, at: 1.2).frame.y == 0)
        #expect(state(timeline, 5, at: 0.6).frame.y == -30)
        // Drawn: the plate's blue around the turning red square.
        let renderer = FrameRenderer(canvas: timeline.spec.canvas, views: timeline.spec.views, fonts: .shared)
        let bitmap = try renderer.render(timeline.sample(at: 1.2), scale: 1, region: nil)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            Array(bitmap.pixels[(y * bitmap.width + x) * 4..<(y * bitmap.width + x) * 4 + 3])
        }
        #expect(pixel(20, 30) == [255, 0, 0])
        #expect(pixel(60, 50) == [0, 0, 255])
    }

    /// A class that draws itself with Core Graphics (`draw(_:)`) is drawn as a square of its tint.
    @Test func aViewThatDrawsItselfIsASquareOfItsTint() throws {
        let code = """
            import UIKit

            class Gear: UIView {
                override func draw(_ rect: CGRect) {}
            }

            class GearControl: UIRefreshControl {
                let gear = Gear(frame: CGRect(x: 10, y: 20, width: 20, height: 20))
                override init() {
                    super.init()
                    gear.backgroundColor = .clear
                    gear.tintColor = .green
                    addSubview(gear)
                    addTarget(self, action: #selector(go), for: .valueChanged)
                }
                @objc func go() { endRefreshing() }
            }
            """
        let (timeline, diagnostics) = try swiftTimeline(try spec(codeViewsSpec), try decode(code))
        #expect(state(timeline, 2, at: 1).backgroundColor == RGBA(red: 0, green: 1, blue: 0))
        #expect(
            diagnostics == [
                "RefreshView.swift:4:14: warning: draw(_:) of Gear is not run (Core Graphics is not drawn here): its views are drawn as squares of their tintColor"
            ])
    }
}

/// B4: `state --at T` runs the code only as far as the state at T needs.
@Suite struct RunsUntilTests {
    /// A pulse every 0.5 s that outlives the refresh (0.4–0.9 s): run to 0.2 s, the run still goes
    /// on to the refresh's end (in every state) and stops at the first event after it, so no
    /// block begins after 1 s; the whole run pulses until the afterglow's end.
    @Test func aRunToAnInstantStopsOnceTheRefreshEnded() throws {
        let code = controller(
            """
                @objc func refresh() {
                    Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
                        UIView.animate(withDuration: 0.25) { self.square.alpha = self.square.alpha == 1 ? 0.5 : 1 }
                    }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { self.control.endRefreshing() }
                }
            """)
        let module = try decode(code)
        let base = try Timeline.make(spec: try spec(smallSpec), now: testNow, measurer: measurer)
        var runner = SwiftProgramRunner(module: module)
        let whole = try runner.run(over: base, now: testNow).run
        runner.runsUntil = 0.2
        let part = try runner.run(over: base, now: testNow).run
        #expect(part.refreshEndedAt == whole.refreshEndedAt)
        #expect(whole.runtime.segments.map(\.start).max()! > 5)
        #expect(part.runtime.segments.map(\.start).max()! < 1)
    }
}

/// `startAnimating()` of an image view plays its frame sequence as UIKit does.
@Suite struct ImageViewAnimationTests {
    /// Three images over 0.3 s, twice, from the refresh's start at 0.4 s: frame i shows during
    /// [i·0.1, (i+1)·0.1) of each cycle, so c, d, e, c…, then the still image from 1.0 s.
    @Test func startAnimatingPlaysTheImagesTheCodeSet() throws {
        let imageSpec = """
            {
              "canvas": {"width": 200, "height": 60},
              "views": [{"tag": 1, "kind": "image", "image": "still.png"}],
              "constraints": ["1.width == 20", "1.height == 20", "1.centerX == superview.centerX", "1.centerY == superview.centerY"],
              "scenario": {"pull": [[0, 0], [0.6, 90], [0.9, 90], [1.2, 0]], "refreshAtPull": 60, "workDuration": 2}
            }
            """
        let code = """
            import UIKit

            class ViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView!
                let control = UIRefreshControl()
                var spinner: UIImageView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    let content = Bundle.main.loadNibNamed("C", owner: self, options: nil)![0] as! UIView
                    spinner = content.viewWithTag(1) as! UIImageView
                    spinner.animationImages = [UIImage(named: "c.png")!, UIImage(named: "d.png")!, UIImage(named: "e.png")!]
                    spinner.animationDuration = 0.3
                    spinner.animationRepeatCount = 2
                    control.addSubview(content)
                    control.addTarget(self, action: #selector(refresh), for: .valueChanged)
                    tableView.refreshControl = control
                }

                @objc func refresh() {
                    spinner.startAnimating()
                    print(spinner.isAnimating)
                }
            }
            """
        let (timeline, _) = try swiftTimeline(try spec(imageSpec), try decode(code))
        let shown = [0.3, 0.45, 0.55, 0.65, 0.75, 0.95, 1.05].map { state(timeline, 1, at: $0).image.name }
        #expect(shown == ["still.png", "c.png", "d.png", "e.png", "c.png", "e.png", "still.png"])
    }
}
