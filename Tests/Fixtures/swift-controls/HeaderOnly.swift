import UIKit

class ViewController: UITableViewController {
    let header = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.addSubview(header)
    }
}
