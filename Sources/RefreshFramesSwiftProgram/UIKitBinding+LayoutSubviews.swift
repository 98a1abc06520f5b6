import RefreshFramesCore
import RefreshFramesSwiftCode

/// UIKit's `layoutSubviews()` of the views the code made of its own classes (Respinner's control
/// centring its spinner there): a view is marked as needing layout when a subview is added to it or
/// removed, when it is added to a superview, when its size or a direct subview's size changes, and
/// at `setNeedsLayout()`; at the end of the run-loop turn (and at `layoutIfNeeded()`, for the
/// receiver's subtree) each marked view that is on the screen — under the table view, the refresh
/// control, the nib's root or the driven view — has its `layoutSubviews()` called, outer views
/// first (a size it changes marks that view, laid out in the same pass). Apple,
/// [layoutSubviews()](https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()):
/// "If you want to force a layout update, call the setNeedsLayout() method instead to do so prior
/// to the next drawing update. If you want to update the layout of your views immediately, call
/// the layoutIfNeeded() method"; what marks a view is measured, not documented (medium: the
/// answers to Stack Overflow's "When is layoutSubviews called?": "addSubview: causes layoutSubviews
/// to be called on the view being added, the view it's being added to", "setFrame … only if the
/// size parameter of the frame is different", "Resizing a view will call layoutSubviews on its
/// superview"; docs/swift-programs.md).
///
/// The driven view itself keeps its own pass (`SwiftProgramRunner.layoutPass`): its
/// `layoutSubviews()` follows the code's constraints, as before.
extension UIKitBinding {
    /// How many times one pass lays out again what its own `layoutSubviews()` calls marked.
    static let layoutRounds = 8

    /// Calls `layoutSubviews()` of the marked views on the screen (under `root` when given).
    func layOutSubviews(under root: ViewObject? = nil, at location: CodeLocation) throws(CodeDiagnostic) {
        guard let interpreter = world.interpreter else { return }
        for _ in 0..<Self.layoutRounds {
            let marked = world.viewsNeedingLayout(under: root)
            guard !marked.isEmpty else { return }
            for view in marked {
                view.needsLayout = false
                let value = value(of: view)
                if interpreter.hasMethod("layoutSubviews", labels: [], on: value) {
                    try interpreter.callMethod("layoutSubviews", on: value, at: location)
                }
            }
        }
    }
}

extension UIKitWorld {
    /// `setNeedsLayout()`, or what UIKit marks so (a subview added, a new size).
    func setNeedsLayout(_ view: ViewObject) {
        guard view !== rootView else { return }
        view.needsLayout = true
    }

    /// Marks `view` when `size` differs from its size now (UIKit lays out a view whose bounds' size
    /// changed, not one that only moved).
    func sizeWillChange(_ view: ViewObject, to size: Size) {
        let now = frame(of: view)
        guard now.width != size.width || now.height != size.height else { return }
        setNeedsLayout(view)
        if let superview = view.superview { setNeedsLayout(superview) }
    }

    /// The marked views on the screen, outer views first.
    func viewsNeedingLayout(under root: ViewObject?) -> [ViewObject] {
        let roots =
            root.map { [$0] }
            ?? ([tableView, control, nibRootView, rootView].compactMap { $0 } + rootViews)
        var seen: Set<ObjectIdentifier> = []
        return roots.flatMap { $0.withDescendants() }.filter {
            $0.needsLayout && $0 !== rootView && seen.insert(ObjectIdentifier($0)).inserted
        }
    }
}
