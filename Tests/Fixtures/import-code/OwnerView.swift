import UIKit

// Written for the tests of `refresh-frames import --code`: a view that loads OwnerView.xib with
// itself as the File's Owner, as most views with a xib of their own do. While refreshing, its
// letters (an outlet collection, in the order Interface Builder connected them) fade to 0.2 one
// after another, 0.2 s apart, the status line reads "Loading", grows from 15 to 25 pt tall and
// rises 5 pt through its constraints' outlets (the root's bottom 10 pt below the label's, where
// the xib says 5: the constraint is written root first).
class OwnerView: UIView {
    @IBOutlet var contentView: UIView!
    @IBOutlet var letters: [UILabel]!
    @IBOutlet weak var status: UILabel!
    @IBOutlet weak var hintHeight: NSLayoutConstraint!
    @IBOutlet weak var bottomGap: NSLayoutConstraint!

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
        bottomGap.constant = 10
        UIView.animate(withDuration: 0.4) {
            self.hintHeight.constant = 25
            self.layoutIfNeeded()
        }
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
        hintHeight.constant = 15
        bottomGap.constant = 5
        for letter in letters { letter.alpha = 1 }
    }
}
