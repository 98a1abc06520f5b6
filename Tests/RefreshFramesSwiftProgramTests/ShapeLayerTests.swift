import Foundation
import RefreshFramesCore
import RefreshFramesRaster
import Testing

/// A `CAShapeLayer` ring as pull-to-refresh controls draw one: a circle of radius 20 from 12
/// o'clock clockwise (`startAngle: −π/2`, `clockwise: true`), 4 pt wide, in a 44 × 44 layer at
/// (28, 28) of a 100 × 100 white canvas at scale 1, so its centre is the canvas's (50, 50).
/// Every expected pixel extent below is worked out from that geometry and the one-pixel
/// antialiasing ramp (a pixel whose centre is half a pixel or more outside the shape gets nothing):
/// the ring covers radii 18…22 about (50, 50); a butt end stops on the radius through the end
/// point, a round one adds a half disc of radius 2 there.
@Suite struct ShapeLayerTests {
    static let spec = """
        {"canvas": {"width": 100, "height": 100, "scale": 1, "background": "#FFFFFF"},
         "views": [{"tag": 1, "kind": "view"}],
         "constraints": ["1.left == superview.left", "1.top == superview.top", "1.width == 100", "1.height == 100"],
         "scenario": {"pull": [[0, 0], [0.6, 90], [0.9, 90], [1.2, 0]], "refreshAtPull": 60, "workDuration": 2}}
        """

    /// A control written for these tests: the ring fills with the pull (`strokeEnd` = pull / 60
    /// from `scrollViewDidScroll`, which reads `contentOffset.y` = −pull here) until it refreshes;
    /// `refresh` (the control's `.valueChanged`) runs `onRefresh`.
    /// `disabled`: the change in `scrollViewDidScroll` is made with actions disabled.
    static func control(
        cap: String = ".butt", strokeEnd: String = "0", scroll: Bool = true, disabled: Bool = false,
        onRefresh: String = ""
    ) -> String {
        """
        import UIKit

        class ViewController: UIViewController {
            @IBOutlet weak var tableView: UITableView!
            let control = UIRefreshControl()
            let ring = CAShapeLayer()
            var refreshing = false

            override func viewDidLoad() {
                super.viewDidLoad()
                let content = Bundle.main.loadNibNamed("RefreshContents", owner: self, options: nil)![0] as! UIView
                let host = content.viewWithTag(1)!
                control.addSubview(content)
                control.addTarget(self, action: #selector(refresh), for: .valueChanged)
                tableView.refreshControl = control
                ring.frame = CGRect(x: 28, y: 28, width: 44, height: 44)
                let circle = UIBezierPath(arcCenter: CGPoint(x: 22, y: 22), radius: 20, startAngle: -CGFloat.pi / 2,
                                          endAngle: 3 * CGFloat.pi / 2, clockwise: true)
                ring.path = circle.cgPath
                ring.strokeColor = UIColor.black.cgColor
                ring.fillColor = UIColor.clear.cgColor
                ring.lineWidth = 4
                ring.lineCap = \(cap)
                ring.strokeEnd = \(strokeEnd)
                host.layer.addSublayer(ring)
            }

            func scrollViewDidScroll(_ scrollView: UIScrollView) {
                if \(scroll) && !refreshing {
                    CATransaction.setDisableActions(\(disabled))
                    ring.strokeEnd = min(-scrollView.contentOffset.y / 60, 1)
                }
            }

            @objc func refresh() {
                refreshing = true
                \(onRefresh)
            }
        }
        """
    }

    static func run(_ code: String) throws -> (Timeline, [String]) {
        try swiftTimeline(try RefreshFramesSwiftProgramTests.spec(spec), try decode(code), workDurationGiven: true)
    }

    /// The columns and rows (inclusive) of the pixels with any ink (not white) at `t`.
    static func inkExtent(_ timeline: Timeline, at t: Double) throws -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let renderer = FrameRenderer(canvas: timeline.spec.canvas, views: timeline.spec.views, fonts: .shared)
        let bitmap = try renderer.render(timeline.sample(at: t), scale: 1)
        var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y].red < 255 {
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
            }
        }
        return x0 == .max ? nil : (x0...x1, y0...y1)
    }

    /// The ring's view: the spec's view is tag 1, the layer the first view the code makes.
    static func ring(_ timeline: Timeline, at t: Double) -> ViewState { state(timeline, 2, at: t) }

    /// The pull is 150 pt/s for 0.6 s (90 pt at 0.6 s): 15 pt at 0.1 s, so strokeEnd 0.25, a quarter
    /// of the circle from 12 to 3 o'clock: ink only in the upper-right quadrant, from x = 50 (the
    /// butt end on the vertical radius) to 50 + 22, and from y = 50 − 22 to 50 (the end on the
    /// horizontal radius): columns 50…71, rows 28…49.
    @Test func aQuarterStrokeInksTheUpperRightQuadrantOnly() throws {
        let (timeline, _) = try Self.run(Self.control())
        #expect(abs(Self.ring(timeline, at: 0.1).strokeEnd - 0.25) < 1e-9)
        let extent = try #require(try Self.inkExtent(timeline, at: 0.1))
        #expect(extent.x == 50...71 && extent.y == 28...49, "\(extent)")
        // On the ring's middle radius at 45°: (50 + 20 cos 45°, 50 − 20 sin 45°) ≈ (64.1, 35.9), fully inked.
        let renderer = FrameRenderer(canvas: timeline.spec.canvas, views: timeline.spec.views, fonts: .shared)
        let bitmap = try renderer.render(timeline.sample(at: 0.1), scale: 1)
        #expect(bitmap[64, 35].red == 0 && bitmap[64, 35].alpha == 255)
        // Inside the ring (radius < 18) and past the stroke's end (lower right): white.
        #expect(bitmap[50, 50].red == 255 && bitmap[64, 64].red == 255)
    }

    /// Round caps add a half disc of radius 2 at each end: at (50, 30) it reaches x = 48, at
    /// (70, 50) y = 52: columns 48…71, rows 28…51.
    @Test func roundCapsReachHalfTheWidthPastTheEnds() throws {
        let (timeline, _) = try Self.run(Self.control(cap: ".round"))
        let extent = try #require(try Self.inkExtent(timeline, at: 0.1))
        #expect(extent.x == 48...71 && extent.y == 28...51, "\(extent)")
    }

    /// At 0.3 s the pull is 45 pt: three quarters, 12 → 9 o'clock clockwise: every column from 28
    /// (50 − 22) to 71 and every row from 28 to 71 has ink, but the upper-left quadrant stays white
    /// (on the middle radius at 10:30, (35.9, 35.9)) while the lower left is inked.
    @Test func threeQuartersLeaveTheUpperLeftQuadrant() throws {
        let (timeline, diagnostics) = try Self.run(Self.control())
        #expect(abs(Self.ring(timeline, at: 0.3).strokeEnd - 0.75) < 1e-9)
        let extent = try #require(try Self.inkExtent(timeline, at: 0.3))
        #expect(extent.x == 28...71 && extent.y == 28...71, "\(extent)")
        let renderer = FrameRenderer(canvas: timeline.spec.canvas, views: timeline.spec.views, fonts: .shared)
        let bitmap = try renderer.render(timeline.sample(at: 0.3), scale: 1)
        #expect(bitmap[35, 35].red == 255 && bitmap[35, 64].red == 0 && bitmap[64, 64].red == 0)
        // The change in scrollViewDidScroll is an implicit animation in UIKit: named once, at its line.
        let implicit = diagnostics.filter { $0.contains("CAShapeLayer().strokeEnd changed while in a layer tree") }
        #expect(implicit.count == 1 && implicit[0].hasPrefix("RefreshView.swift:31:"), "\(diagnostics)")
    }

    /// The same change with actions disabled (in the turn's implicit transaction): UIKit does not
    /// animate it, so the engine's value is UIKit's and nothing is said.
    @Test func aChangeWithActionsDisabledIsNotNamed() throws {
        let (timeline, diagnostics) = try Self.run(Self.control(disabled: true))
        #expect(abs(Self.ring(timeline, at: 0.1).strokeEnd - 0.25) < 1e-9)
        #expect(abs(Self.ring(timeline, at: 0.3).strokeEnd - 0.75) < 1e-9)
        #expect(!diagnostics.contains { $0.contains("changed while in a layer tree") }, "\(diagnostics)")
    }

    /// `CABasicAnimation(keyPath: "strokeEnd")` from 0 to 1 over 1 s, linear (a basic animation's
    /// default timing), added when the control refreshes (the pull reaches 60 pt at 0.4 s): at
    /// 0.9 s it is half way, the right half of the circle: columns 50…71, rows 28…71.
    @Test func aStrokeEndAnimationDrawsHalfTheCircleHalfWay() throws {
        let (timeline, _) = try Self.run(
            Self.control(
                onRefresh: """
                    let fill = CABasicAnimation(keyPath: "strokeEnd")
                            fill.fromValue = 0
                            fill.toValue = 1
                            fill.duration = 1
                            ring.add(fill, forKey: "fill")
                    """))
        #expect(abs(Self.ring(timeline, at: 0.9).strokeEnd - 0.5) < 1e-9)
        #expect(abs(Self.ring(timeline, at: 0.65).strokeEnd - 0.25) < 1e-9)
        let extent = try #require(try Self.inkExtent(timeline, at: 0.9))
        #expect(extent.x == 50...71 && extent.y == 28...71, "\(extent)")
        // Removed when done: the model value the pull left shows again (60 pt, or the frame before
        // it if the scroll callback comes after the refresh: 0.96 to 1).
        #expect(Self.ring(timeline, at: 1.5).strokeEnd > 0.95)
    }

    /// The spinner: `transform.rotation.z` from 0 to 2π over 1 s, repeating, on a quarter ring
    /// (strokeEnd 0.25, not following the pull). A quarter turn after the refresh (0.65 s) the arc
    /// from 12 to 3 o'clock has turned about the layer's centre (50, 50) to 3 → 6 o'clock: columns
    /// 50…71, rows 50…71; after a whole turn (1.4 s) it is back in the upper right.
    @Test func theRotationTurnsTheStrokeAboutTheLayersCentre() throws {
        let (timeline, _) = try Self.run(
            Self.control(
                strokeEnd: "0.25", scroll: false,
                onRefresh: """
                    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                            spin.fromValue = 0
                            spin.toValue = 2 * CGFloat.pi
                            spin.duration = 1
                            spin.repeatCount = .infinity
                            ring.add(spin, forKey: "spin")
                    """))
        #expect(abs(Self.ring(timeline, at: 0.65).transform.rotation - 90) < 1e-6)
        let turned = try #require(try Self.inkExtent(timeline, at: 0.65))
        #expect(turned.x == 50...71 && turned.y == 50...71, "\(turned)")
        let back = try #require(try Self.inkExtent(timeline, at: 1.4))
        #expect(back.x == 50...71 && back.y == 28...49, "\(back)")
    }

    /// A filled oval (`ovalIn:`, the default opaque black fill) with no stroke: the disc of radius
    /// 10 about (50, 50), columns and rows 40…59; `state` prints the shape's keys that changed.
    @Test func anOvalIsFilledBlackByDefault() throws {
        let code = Self.control(scroll: false)
            .replacingOccurrences(
                of: "ring.path = circle.cgPath",
                with: "ring.path = UIBezierPath(ovalIn: CGRect(x: 12, y: 12, width: 20, height: 20)).cgPath"
            )
            .replacingOccurrences(of: "ring.fillColor = UIColor.clear.cgColor\n", with: "")
            .replacingOccurrences(of: "ring.strokeColor = UIColor.black.cgColor\n", with: "")
        let (timeline, _) = try Self.run(code)
        let extent = try #require(try Self.inkExtent(timeline, at: 0.1))
        #expect(extent.x == 40...59 && extent.y == 40...59, "\(extent)")
        let json = timeline.sample(at: 0.1).json
        // 2π printed to four places, as `state` prints numbers.
        #expect(
            json.contains(
                "\"path\": [{\"move\": [32.0, 22.0]}, {\"arc\": [22.0, 22.0, 10.0, 10.0, 0.0, 6.2832]}, \"close\"]"),
            "\(json)")
        #expect(json.contains("\"lineWidth\": 4.0") && json.contains("\"strokeEnd\": 0.0"))
    }

    @Test(arguments: [
        ("ring.lineJoin = .miter", "lineJoin other than .round is not drawn"),
        ("ring.fillRule = .evenOdd", "fillRule .evenOdd is not drawn"),
        ("ring.lineDashPattern = [4, 2]", "lineDashPattern is not drawn"),
        ("ring.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).cgPath", "corners are drawn round"),
    ])
    func whatIsNotDrawnIsNamedAtItsLine(_ line: String, _ said: String) throws {
        let code = Self.control(scroll: false).replacingOccurrences(
            of: "host.layer.addSublayer(ring)", with: line + "\n        host.layer.addSublayer(ring)")
        let (_, diagnostics) = try Self.run(code)
        #expect(diagnostics.contains { $0.hasPrefix("RefreshView.swift:25:") && $0.contains(said) }, "\(diagnostics)")
    }
}
