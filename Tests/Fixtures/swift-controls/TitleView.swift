import UIKit

class TitleView: UIView {
    @IBOutlet weak var titleLabel: UILabel!
    var greeting = "Loading"

    override func awakeFromNib() {
        super.awakeFromNib()
        titleLabel.text = greeting
    }
}

class ViewController: UITableViewController {
    let rc = UIRefreshControl()

    override func viewDidLoad() {
        super.viewDidLoad()
        let title = Bundle.main.loadNibNamed("TitleView", owner: nil, options: nil)![0] as! TitleView
        rc.addSubview(title)
        tableView.refreshControl = rc
        rc.addTarget(self, action: #selector(refresh), for: .valueChanged)
    }

    @objc func refresh() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { self.rc.endRefreshing() }
    }
}
