import UIKit

class SpinControl: UIRefreshControl {
    let gear = UIView()
    var turns = 0

    override init() {
        super.init()
        addSubview(gear)
        addTarget(self, action: #selector(go), for: .valueChanged)
    }

    @objc func go() {
        spin()
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { self.endRefreshing() }
    }

    func spin() {
        UIView.animate(
            withDuration: 0.3, delay: 0, options: .curveLinear,
            animations: {
                self.gear.transform = self.gear.transform.rotated(by: .pi / 2)
            },
            completion: { _ in
                self.turns += 1
                self.attributedTitle = NSAttributedString(string: "\(self.turns)")
                if self.isRefreshing { self.spin() }
            })
    }
}
