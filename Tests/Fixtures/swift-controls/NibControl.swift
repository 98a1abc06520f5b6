import UIKit

// In the shape of rayray199085/SCRRefreshControl: a UIControl whose view is a nib loaded through
// UINib, its hint label an optional outlet, its state kept in that view (no `refreshing` of its
// own).
// Written for the tests.
class HintView: UIView {
    @IBOutlet weak var hintLabel: UILabel?
    var pulling = false {
        didSet { hintLabel?.text = pulling ? "Release" : "Pull down" }
    }
    var loading = false {
        didSet { hintLabel?.text = loading ? "Loading" : "Pull down" }
    }

    class func make() -> HintView {
        let nib = UINib(nibName: "HintView", bundle: Bundle(for: HintView.self))
        return nib.instantiate(withOwner: self, options: nil)[0] as! HintView
    }
}

class NibControl: UIControl {
    private let hint = HintView.make()
    private weak var scrollView: UIScrollView?

    init() {
        super.init(frame: CGRect())
        addSubview(hint)
    }

    override func willMove(toSuperview newSuperview: UIView?) {
        super.willMove(toSuperview: newSuperview)
        scrollView = newSuperview as? UIScrollView
        scrollView?.addObserver(self, forKeyPath: "contentOffset", options: [], context: nil)
    }

    override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        guard let sv = scrollView, !hint.loading else { return }
        let height = -sv.contentOffset.y
        if sv.isDragging {
            if height > hint.bounds.height, !hint.pulling { hint.pulling = true }
        } else if hint.pulling {
            hint.pulling = false
            hint.loading = true
            sendActions(for: .valueChanged)
        }
    }

    func endRefreshing() {
        hint.loading = false
    }
}

class NibController: UIViewController {
    @IBOutlet weak var tableView: UITableView!
    let control = NibControl()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.addSubview(control)
        control.addTarget(self, action: #selector(load), for: .valueChanged)
    }

    @objc func load() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
            self.control.endRefreshing()
        }
    }
}
