import UIKit

// Written for the tests of `refresh-frames import --code`: a view controller whose refresh
// control shows PullView.xib; while refreshing, its labels in turn grow and take the next colour,
// then shrink back; a 1.5 s timer ends the refresh.
class PullViewController: UIViewController {
    @IBOutlet weak var tableView: UITableView!

    let refreshControl = UIRefreshControl()
    var contents: UIView!
    var labels: [UILabel] = []
    let colors: [UIColor] = [.red, .green, .blue]
    var colorIndex = 0
    var timer: Timer?

    override func viewDidLoad() {
        super.viewDidLoad()
        refreshControl.addTarget(self, action: #selector(refresh), for: .valueChanged)
        refreshControl.tintColor = .clear
        tableView.addSubview(refreshControl)
        contents = Bundle.main.loadNibNamed("PullView", owner: self, options: nil)![0] as? UIView
        contents.frame = refreshControl.bounds
        for tag in 1...3 {
            labels.append(contents.viewWithTag(tag) as! UILabel)
        }
        refreshControl.addSubview(contents)
    }

    @objc func refresh() {
        animate(0)
        timer = Timer.scheduledTimer(
            timeInterval: 1.5, target: self, selector: #selector(finish), userInfo: nil, repeats: false)
    }

    func animate(_ index: Int) {
        let label = labels[index]
        UIView.animate(
            withDuration: 0.2, delay: 0, options: .curveLinear,
            animations: {
                label.transform = CGAffineTransform(scaleX: 1.5, y: 1.5)
                label.textColor = self.colors[self.colorIndex]
            },
            completion: { _ in
                self.colorIndex = (self.colorIndex + 1) % self.colors.count
                UIView.animate(
                    withDuration: 0.1, delay: 0, options: .curveLinear,
                    animations: { label.transform = .identity },
                    completion: { _ in
                        label.textColor = .black
                        if self.refreshControl.isRefreshing {
                            self.animate((index + 1) % self.labels.count)
                        }
                    })
            })
    }

    @objc func finish() {
        timer?.invalidate()
        refreshControl.endRefreshing()
    }
}
