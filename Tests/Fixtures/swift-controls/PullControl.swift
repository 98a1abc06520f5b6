import UIKit

class PullControl: UIControl {
    var progress: CGFloat = 0

    init() {
        super.init(frame: CGRect.zero)
        backgroundColor = UIColor.clear
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class ViewController: UIViewController {
    @IBOutlet weak var tableView: UITableView!
    let pull = PullControl()
    let rc = UIRefreshControl()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.addSubview(pull)
        tableView.refreshControl = rc
        rc.addTarget(self, action: #selector(refresh), for: .valueChanged)
    }

    @objc func refresh() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { self.rc.endRefreshing() }
    }
}
