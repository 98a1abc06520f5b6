import UIKit

class ViewController: UITableViewController {
    let rc = UIRefreshControl()
    let spinner = UIActivityIndicatorView(style: .gray)

    override func viewDidLoad() {
        super.viewDidLoad()
        let contents = Bundle.main.loadNibNamed("Contents", owner: nil, options: nil)![0] as! UIView
        rc.addSubview(contents)
        rc.addSubview(spinner)
        tableView.refreshControl = rc
        rc.addTarget(self, action: #selector(refresh), for: .valueChanged)
    }

    @objc func refresh() {
        spinner.startAnimating()
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) {
            self.spinner.stopAnimating()
            self.rc.endRefreshing()
        }
    }
}
