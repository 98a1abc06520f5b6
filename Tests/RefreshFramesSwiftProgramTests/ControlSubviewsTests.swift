import RefreshFramesCore
import RefreshFramesRaster
import RefreshFramesSwiftProgram
import Testing

/// A control of the code's own in konkab/Respinner's shape, written for this test: a `UIControl`
/// added to the table view at y = −60 (`didMoveToSuperview`), that centres the spinner view it was
/// given in `layoutSubviews()` and turns it by the pull through KVO on `contentOffset`; the
/// spinner, a red square, holds a blue dot at its top.
let turnControl = """
    import UIKit

    class TurnControl: UIControl {
        private var spinner: UIView!
        private(set) var refreshing = false

        init(spinner: UIView) {
            super.init(frame: .zero)
            self.spinner = spinner
            addSubview(spinner)
        }

        override func didMoveToSuperview() {
            super.didMoveToSuperview()
            if let scrollView = superview as? UIScrollView {
                frame = CGRect(x: 0, y: -60, width: scrollView.frame.size.width, height: 60)
                scrollView.addObserver(self, forKeyPath: "contentOffset", options: .initial, context: nil)
            }
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            spinner.center = CGPoint(x: frame.size.width / 2, y: frame.size.height / 2)
        }

        override func observeValue(
            forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
            context: UnsafeMutableRawPointer?
        ) {
            guard let scrollView = superview as? UIScrollView else { return }
            let y = scrollView.contentOffset.y
            if y < -frame.size.height, !scrollView.isDragging, !refreshing {
                refreshing = true
                sendActions(for: .valueChanged)
            } else if !refreshing {
                spinner.transform = CGAffineTransform(rotationAngle: -(y / frame.size.height) * .pi)
            }
        }

        func endRefreshing() { refreshing = false }
    }

    class TurnController: UIViewController {
        @IBOutlet weak var tableView: UITableView!

        override func viewDidLoad() {
            super.viewDidLoad()
            let spinner = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            spinner.backgroundColor = .red
            let dot = UIView(frame: CGRect(x: 8, y: 0, width: 4, height: 4))
            dot.backgroundColor = .blue
            spinner.addSubview(dot)
            let control = TurnControl(spinner: spinner)
            control.addTarget(self, action: #selector(refresh(_:)), for: .valueChanged)
            tableView.addSubview(control)
        }

        @objc func refresh(_ sender: TurnControl) {
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { sender.endRefreshing() }
        }
    }
    """

/// A 200 × 60 control (the table as wide, without a host) with one clear 1 × 1 spec view (tag 1);
/// the finger pulls 80 pt in 0.5 s, holds to 0.8 s, lets go (the code's 1 s timer ends the refresh
/// before the scenario's work would).
let turnSpec = """
    {
      "canvas": {"width": 200, "height": 60, "scale": 1, "background": "white"},
      "views": [{"tag": 1, "kind": "view"}],
      "constraints": ["1.width == 1", "1.height == 1", "1.top == superview.top", "1.leading == superview.leading"],
      "scenario": {"pull": [[0, 0], [0.5, 80], [0.8, 80], [1.1, 0]], "refreshAtPull": 60, "controlHeight": 60,
                   "workDuration": 5}
    }
    """

@Suite struct ControlSubviewsTests {
    /// What the code adds to the table view is drawn in the table's content coordinates: tags in
    /// the order made — spinner 2, dot 3, the control 4 — and 5 the table's content (made at the
    /// `addSubview` to the table), at the content's top in the canvas (y = controlHeight = 60),
    /// the control at y = −60 in it (the canvas's top), the spinner centred in the control by its
    /// `layoutSubviews()`: (100 − 10, 30 − 10), the dot where it was made in the spinner.
    @Test func viewsAddedToAControlOfTheCodesOwnAreLaidOutAndDrawn() throws {
        let (timeline, diagnostics) = try swiftTimeline(try spec(turnSpec), try decode(turnControl))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(timeline.spec.views.map(\.tag) == [1, 5, 4, 2, 3])
        #expect(timeline.spec.views.map(\.superview) == [nil, nil, 5, 4, 2])
        #expect(state(timeline, 5, at: 0.25).frame == Rect(x: 0, y: 60, width: 200, height: 60))
        #expect(state(timeline, 4, at: 0.25).frame == Rect(x: 0, y: -60, width: 200, height: 60))
        #expect(state(timeline, 2, at: 0).frame == Rect(x: 90, y: 20, width: 20, height: 20))
        #expect(state(timeline, 3, at: 0).frame == Rect(x: 8, y: 0, width: 4, height: 4))
        // The pull turns it −y/60 half-turns: 40 pt at 0.25 s is 120°; at 0.8 s, 80 pt, 240°, where
        // it stays while refreshing (the control sends .valueChanged at 49/60 s, the finger up).
        #expect(abs(state(timeline, 2, at: 0.25).transform.rotation - 120) < 1e-9)
        #expect(abs(state(timeline, 2, at: 1.5).transform.rotation - 240) < 1e-9)
        #expect(abs(timeline.refreshBeganAt - 49.0 / 60) < 1e-5)

        // Drawn: the red square at the canvas's (90…110, 20…40), turned 120° about (100, 30); its
        // dot, 8 pt above the centre, turned to (0 − (−8) sin 120°, −8 cos 120°) = (6.93, 4) from it.
        let renderer = FrameRenderer(canvas: timeline.spec.canvas, views: timeline.spec.views, fonts: .shared)
        let bitmap = try renderer.render(timeline.sample(at: 0.25), scale: 1, region: nil)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            Array(bitmap.pixels[(y * bitmap.width + x) * 4..<(y * bitmap.width + x) * 4 + 3])
        }
        #expect(pixel(100, 30) == [255, 0, 0])
        #expect(pixel(106, 34) == [0, 0, 255])
        #expect(pixel(100, 21) == [255, 0, 0])
        #expect(pixel(60, 30) == [255, 255, 255])
    }
}
