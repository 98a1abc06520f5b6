import UIKit

class TitleControl: UIRefreshControl {
    let hint = UILabel()

    override init() {
        super.init()
        hint.font = UIFont.systemFont(ofSize: 14)
        hint.font = UIFont(name: "Avenir-Heavy", size: 12)
        hint.textAlignment = .left
        hint.lineBreakMode = .byClipping
        addSubview(hint)
        // A framework's bundle, as eggswift/pull-to-refresh looks for its arrow: none here.
        let framework = Bundle(for: TitleControl.self)
        if let path = framework.path(forResource: "ESPullToRefresh", ofType: "bundle"), Bundle(path: path) != nil {
            attributedTitle = NSAttributedString(string: "from the framework's bundle")
        } else {
            attributedTitle = NSAttributedString(string: NSLocalizedString("Pull to refresh", comment: "the title"))
        }
        addTarget(self, action: #selector(go), for: .valueChanged)
    }

    @objc func go() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { self.endRefreshing() }
    }
}
