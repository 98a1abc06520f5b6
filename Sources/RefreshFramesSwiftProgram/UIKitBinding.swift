import RefreshFramesCore
import RefreshFramesSwiftCode

/// UIKit and Core Animation as host types of the interpreter, as the tutorials and real
/// pull-to-refresh controls use them: every view property the engine draws goes to the world's
/// `AnimationRuntime` (the engine's model of UIKit's animation machinery), so the code's
/// `UIView.animate` blocks, completions and layer animations become the timeline's segments.
/// What is not in these tables is named by the interpreter at the code's `File.swift:LINE:COLUMN`.
package struct UIKitBinding {
    /// The host types, made once per binding (their tables refer to one another).
    struct Types {
        let color = NativeType("UIColor", superclass: "NSObject", isReference: false)
        let transform = NativeType("CGAffineTransform", isReference: false)
        let transform3D = NativeType("CATransform3D", isReference: false)
        let rect = NativeType("CGRect", isReference: false)
        let point = NativeType("CGPoint", isReference: false)
        let size = NativeType("CGSize", isReference: false)
        let pointPointer = NativeType("UnsafeMutablePointer", isReference: true)
        let edgeInsets = NativeType("UIEdgeInsets", isReference: false)
        let options = NativeType("UIViewAnimationOptions", isReference: false)
        let keyframeOptions = NativeType("UIViewKeyframeAnimationOptions", isReference: false)
        let view = NativeType("UIView", superclass: "NSObject", isReference: true)
        let label = NativeType("UILabel", superclass: "UIView", isReference: true)
        let imageView = NativeType("UIImageView", superclass: "UIView", isReference: true)
        let control = NativeType("UIControl", superclass: "UIView", isReference: true)
        let activityIndicator = NativeType("UIActivityIndicatorView", superclass: "UIView", isReference: true)
        let font = NativeType("UIFont", superclass: "NSObject", isReference: false)
        let refreshControl = NativeType("UIRefreshControl", superclass: "UIControl", isReference: true)
        let scrollView = NativeType("UIScrollView", superclass: "UIView", isReference: true)
        let tableView = NativeType("UITableView", superclass: "UIScrollView", isReference: true)
        let collectionView = NativeType("UICollectionView", superclass: "UIScrollView", isReference: true)
        let viewController = NativeType("UIViewController", superclass: "NSObject", isReference: true)
        let tableViewController = NativeType("UITableViewController", superclass: "UIViewController", isReference: true)
        let layer = NativeType("CALayer", superclass: "NSObject", isReference: true)
        let shapeLayer = NativeType("CAShapeLayer", superclass: "CALayer", isReference: true)
        let bezierPath = NativeType("UIBezierPath", superclass: "NSObject", isReference: true)
        let basicAnimation = NativeType("CABasicAnimation", superclass: "CAAnimation", isReference: true)
        let keyframeAnimation = NativeType("CAKeyframeAnimation", superclass: "CAAnimation", isReference: true)
        let springAnimation = NativeType("CASpringAnimation", superclass: "CABasicAnimation", isReference: true)
        let animation = NativeType("CAAnimation", superclass: "NSObject", isReference: true)
        let timingFunction = NativeType("CAMediaTimingFunction", superclass: "NSObject", isReference: false)
        let bundle = NativeType("Bundle", superclass: "NSObject", isReference: true)
        let constraint = NativeType("NSLayoutConstraint", superclass: "NSObject", isReference: true)
        let screen = NativeType("UIScreen", superclass: "NSObject", isReference: true)
        let controlEvents = NativeType("UIControlEvents", isReference: false)
        let attributedString = NativeType("NSAttributedString", superclass: "NSObject", isReference: false)
        let date = NativeType("Date", isReference: false)
        let dateFormatter = NativeType("DateFormatter", superclass: "NSObject", isReference: true)
    }

    let world: UIKitWorld
    let types = Types()

    package init(world: UIKitWorld) {
        self.world = world
    }

    /// The standard library with UIKit added.
    package func library() -> NativeLibrary {
        var library = NativeLibrary.standard
        addValues(to: &library)
        addTransform3D(to: &library)
        addViews(to: &library)
        addAutoresizing(to: &library)
        addBezierPaths(to: &library)
        addConstraints(to: &library)
        addStackViews(to: &library)
        addAnimations(to: &library)
        addCoreAnimation(to: &library)
        addControls(to: &library)
        addFoundation(to: &library)
        addText(to: &library)
        addKVO(to: &library)
        addImageViews(to: &library)
        addCustomControls(to: &library)
        addNib(to: &library)
        addStandaloneLayers(to: &library)
        addShapeLayers(to: &library)
        addTransactions(to: &library)
        library.protocols.formUnion(["UIScrollViewDelegate", "CAAnimationDelegate", "UIGestureRecognizerDelegate"])
        return library
    }
}
