import RefreshFramesCore
import RefreshFramesSwiftCode

/// What the code adds to the table view itself — a control of its own (Respinner's `UIControl`, at
/// `frame.origin.y` = −its height), a header view — is in the table's content coordinates: y = 0 is
/// the first row's top, the control above it at negative y, and it moves with the content as UIKit's
/// subviews of a scroll view do. The canvas sits just above the content (its top at content y =
/// −controlHeight, centred on the table's width: docs/scene.md) and moves with it, so one view the
/// runtime draws holds them, still, at the content's origin in the canvas.
extension UIKitWorld {
    func tableContent() -> ViewObject {
        if let tableContentView { return tableContentView }
        let content = ViewObject(role: .view, specTag: nil, label: "the table view's content")
        let table = tableView.map { frame(of: $0) } ?? Rect(x: 0, y: 0, width: spec.canvas.width, height: 0)
        addCodeView(
            content,
            frame: Rect(
                x: (spec.canvas.width - table.width) / 2, y: spec.scenario.controlHeight, width: table.width,
                height: table.height),
            at: CodeLocation(file: "", line: 0, column: 0))
        content.madeAt = nil
        tableContentView = content
        return content
    }
}
