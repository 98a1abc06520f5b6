import UIKit

// In the shape of konkab/Respinner: a UIControl of its own, added to the table view, that follows
// the scroll through KVO on contentOffset and sends .valueChanged itself, once the finger has let go
// past its height. Written for the tests.
class RespinControl: UIControl {
    var insets = UIEdgeInsets.zero
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

    override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        guard let scrollView = superview as? UIScrollView, keyPath == "contentOffset" else { return }
        let y = scrollView.contentOffset.y + insets.top
        if y < -frame.size.height, !scrollView.isDragging, !refreshing {
            beginRefreshing()
            sendActions(for: .valueChanged)
        } else if !refreshing {
            spinner.alpha = min(1, 0.25 - y / frame.size.height)
            spinner.transform = CGAffineTransform(rotationAngle: -(y / frame.size.height) * .pi)
        }
    }

    func beginRefreshing() {
        refreshing = true
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * CGFloat.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        spin.isAdditive = true
        spinner.layer.add(spin, forKey: "spin")
    }

    func endRefreshing() {
        refreshing = false
        spinner.layer.removeAnimation(forKey: "spin")
    }
}

class RespinController: UIViewController {
    @IBOutlet weak var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        let nib = Bundle.main.loadNibNamed("Spinner", owner: nil, options: nil)![0] as! UIView
        let control = RespinControl(spinner: nib.viewWithTag(1)!)
        control.addTarget(self, action: #selector(refresh(_:)), for: .valueChanged)
        tableView.addSubview(control)
    }

    @objc func refresh(_ sender: RespinControl) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) {
            sender.endRefreshing()
        }
    }
}

// The same control, its refresh ended by the scenario's workDuration.
class WorkController: UIViewController {
    @IBOutlet weak var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        let nib = Bundle.main.loadNibNamed("Spinner", owner: nil, options: nil)![0] as! UIView
        tableView.addSubview(RespinControl(spinner: nib.viewWithTag(1)!))
    }
}
