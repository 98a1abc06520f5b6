import UIKit

class ViewController: UITableViewController {
    let rc = UIRefreshControl()
    override func viewDidLoad() {
        super.viewDidLoad()
        rc.addTarget(self, action: #selector(refresh), for: .valueChanged)
        tableView.refreshControl = rc
    }
    @objc func refresh() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { self.rc.endRefreshing() }
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return 3
    }
}
