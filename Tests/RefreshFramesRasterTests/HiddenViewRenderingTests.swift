import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// `"hidden": true` is UIView.isHidden: the view and its subtree are not drawn.
@Suite struct HiddenViewRenderingTests {
    /// A grey 100 × 40 container at (50, 40) with a red 20 × 20 square at (80, 0) inside it.
    func scene(hideContainer: Bool = false, hideSquare: Bool = false) -> Scene {
        var scene = Scene()
        var container = ViewSpec(tag: 1, kind: .view, backgroundColor: RGBA(white: 0.8))
        container.isHidden = hideContainer
        scene.add(container, frame: Rect(x: 50, y: 40, width: 100, height: 40))
        var square = ViewSpec(tag: 2, kind: .view, backgroundColor: RGBA(red: 1, green: 0, blue: 0))
        square.superview = 1
        square.isHidden = hideSquare
        scene.add(square, frame: Rect(x: 80, y: 0, width: 20, height: 20))
        return scene
    }

    @Test func hiddenViewsAndTheirSubviewsAreNotDrawn() throws {
        let white = (red: UInt8(255), green: UInt8(255), blue: UInt8(255), alpha: UInt8(255))
        let gray = (red: UInt8(204), green: UInt8(204), blue: UInt8(204), alpha: UInt8(255))
        let shown = try scene().render()
        #expect(shown[140, 50] == (255, 0, 0, 255))
        #expect(shown[60, 50] == gray)
        let squareHidden = try scene(hideSquare: true).render()
        #expect(squareHidden[140, 50] == gray)
        #expect(squareHidden[60, 50] == gray)
        let containerHidden = try scene(hideContainer: true).render()
        #expect(containerHidden[140, 50] == white)
        #expect(containerHidden[60, 50] == white)
    }
}
