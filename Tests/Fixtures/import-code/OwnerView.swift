import UIKit

// Written for the tests of `refresh-frames import --code`: a view that loads OwnerView.xib with
// itself as the File's Owner, as most views with a xib of their own do. While refreshing, its
// letters (an outlet collection, in the order Interface Builder connected them) fade to 0.2 one
// after another, 0.2 s apart, and the status line reads "Loading".
class OwnerView: UIView {
    @IBOutlet var contentView: UIView!
    @IBOutlet var letters: [UILabel]!
    @IBOutlet weak var status: UILabel!

    override init(frame: CGRect) {
        super.init(frame: frame)
        Bundle.main.loadNibNamed("OwnerView", owner: self, options: nil)
        addSubview(contentView)
        contentView.frame = bounds
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    func beginRefreshing() {
        status.text = "Loading"
        for (index, letter) in letters.enumerated() {
            UIView.animate(
                withDuration: 0.2, delay: 0.2 * Double(index), options: [],
                animations: {
                    letter.alpha = 0.2
                }, completion: nil)
        }
    }

    func endRefreshing() {
        status.text = "Pull"
        for letter in letters { letter.alpha = 1 }
    }
}
