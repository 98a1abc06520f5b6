import UIKit

class GlowControl: UIRefreshControl {
    let shine = CAGradientLayer()

    override init() {
        super.init()
        addTarget(self, action: #selector(go), for: .valueChanged)
    }

    func buzz() {
        UIImpactFeedbackGenerator(style: .light).impactOccurred()
    }

    func outline() -> UIBezierPath {
        return UIBezierPath(ovalIn: CGRect.zero)
    }

    @objc func go() {
        let halo = UIView()
        if halo.isGlowing {
            endRefreshing()
        }
    }
}
