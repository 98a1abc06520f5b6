/// The few view-controller types the generated file's usage sample names, so that the sample
/// compiles against the shim (a test extracts it). They do nothing.
@MainActor
open class UIViewController {
    public let view = UIView(frame: .zero)
    public init() {}
    open func viewDidLoad() {}
}

@MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let valueChanged = Event(rawValue: 1 << 12)
    }

    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

@MainActor
open class UIAction {
    public init(handler: @escaping @MainActor (UIAction) -> Void) {}
}

@MainActor
open class UIRefreshControl: UIControl {
    open var tintColor: UIColor!
    open func endRefreshing() {}
}

@MainActor
open class UITableView: UIView {
    open var refreshControl: UIRefreshControl?
}
