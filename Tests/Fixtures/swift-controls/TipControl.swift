import UIKit

// Swift 2, as sam408130/Lolita-public's RefreshControl: a refresh control from a storyboard that
// watches its own frame and turns its tip icon once pulled past 50 points.
class TipControl: UIRefreshControl {
    lazy var tip: TipView = {
        return NSBundle.mainBundle().loadNibNamed("TipView", owner: nil, options: nil).last as! TipView
    }()
    var isRotated = false

    override func awakeFromNib() {
        self.addSubview(tip)
        self.addObserver(self, forKeyPath: "frame", options: NSKeyValueObservingOptions.New, context: nil)
    }

    override func observeValueForKeyPath(
        keyPath: String, ofObject object: AnyObject, change: [NSObject: AnyObject], context: UnsafeMutablePointer<Void>
    ) {
        if self.frame.origin.y < -50 && !isRotated {
            isRotated = true
            tip.turn()
        }
    }
}

class TipView: UIView {
    @IBOutlet weak var tipIcon: UIView!

    func turn() {
        UIView.animateWithDuration(
            0.25,
            animations: {
                self.tipIcon.transform = CGAffineTransformMakeRotation(CGFloat(M_PI_2))
            })
    }
}
