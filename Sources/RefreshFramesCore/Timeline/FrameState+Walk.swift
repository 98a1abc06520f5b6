extension FrameState {
    /// Visits the views of this state as UIKit composites them, the one walk the pixel and the text
    /// renderers share: in subview order (`drawingOrder`: each root view in the spec's order, then
    /// its subviews, depth first; not tag order), each with what its superview passed on (`root`
    /// for a root view). A hidden view (`ViewState.isHidden`: the spec's `hidden`, or the program's) is left out with its subviews, as UIKit leaves out a hidden
    /// view's subtree; so is a view without a state here, a view whose superview was left out, and
    /// a view `visit` returns nil for (nothing of it or its subviews shows).
    package func walk<Inherited>(
        _ views: [ViewSpec], root: Inherited,
        _ visit: (_ index: Int, _ spec: ViewSpec, _ view: ViewState, _ parent: Inherited) throws -> Inherited?
    ) rethrows {
        let states = Dictionary(self.views.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
        // What each visited view passed on; nil for a view left out.
        var inherited: [Int: Inherited?] = [:]
        for index in views.drawingOrder {
            let spec = views[index]
            var parent = root
            if let tag = spec.superview {
                guard let found = inherited[tag], let found else {
                    inherited[spec.tag] = .some(nil)
                    continue
                }
                parent = found
            }
            guard let view = states[spec.tag], !view.isHidden else {
                inherited[spec.tag] = .some(nil)
                continue
            }
            inherited[spec.tag] = .some(try visit(index, spec, view, parent))
        }
    }
}
