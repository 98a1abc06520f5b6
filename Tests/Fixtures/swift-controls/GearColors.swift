import UIKit

extension UIColor {
    func leaf() -> UIColor {
        return UIColor(hue: 1.0 / 3.0, saturation: 0.5, brightness: 0.8, alpha: 1)
    }
}

class Gear: UIView {
}

class ViewController: UITableViewController {
    let rc = UIRefreshControl()
    let gear = Gear()

    override func viewDidLoad() {
        super.viewDidLoad()
        let contents = Bundle.main.loadNibNamed("Contents", owner: self, options: nil)![0] as! UIView
        rc.addSubview(contents)
        rc.addSubview(gear)
        let label = contents.viewWithTag(1) as! UILabel
        label.textColor = UIColor.red.leaf()
        label.backgroundColor = UIColor(hue: 0.5, saturation: 1, brightness: 1, alpha: 0.5)
        tableView.refreshControl = rc
        rc.addTarget(self, action: #selector(refresh), for: .valueChanged)
    }

    @objc func refresh() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { self.rc.endRefreshing() }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return 3
    }
}
