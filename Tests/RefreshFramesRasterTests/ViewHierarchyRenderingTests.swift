import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// A subview is drawn after its superview, moved, turned and scaled with it, faded with it as a
/// group and clipped by it when it clips to bounds.
@Suite struct ViewHierarchyRenderingTests {
    /// A 100 × 40 grey container centred at (100, 60) with a red 20 × 20 square at its top-right
    /// corner, in its coordinates (80, 0); scale 1 so points are pixels.
    func scene(
        container transform: Transform = .identity, alpha: Double = 1, clips: Bool = false,
        square frame: Rect = Rect(x: 80, y: 0, width: 20, height: 20)
    ) -> Scene {
        var scene = Scene()
        var container = ViewSpec(tag: 1, kind: .view, backgroundColor: RGBA(white: 0.8))
        container.clipsToBounds = clips
        scene.add(container, frame: Rect(x: 50, y: 40, width: 100, height: 40), transform: transform, alpha: alpha)
        var square = ViewSpec(tag: 2, kind: .view, backgroundColor: RGBA(red: 1, green: 0, blue: 0))
        square.superview = 1
        scene.add(square, frame: frame)
        return scene
    }

    static func isRed(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
        p.red > 200 && p.green < 60 && p.blue < 60
    }

    @Test func aSubviewIsPlacedInItsSuperviewsCoordinates() throws {
        let bitmap = try scene().render()
        // Container at (50, 40): the square covers (130…150, 40…60) on the canvas.
        #expect(Self.isRed(bitmap[140, 50]))
        #expect(!Self.isRed(bitmap[125, 50]) && !Self.isRed(bitmap[140, 65]))
    }

    @Test func theSuperviewsTransformTurnsTheSubtreeAboutTheSuperviewsCenter() throws {
        // Turned 90° clockwise about (100, 60): the square's centre, 40 right and 10 up of the
        // container's centre, lands 40 down and 10 right: (110, 100).
        let bitmap = try scene(container: Transform(rotation: 90)).render()
        #expect(Self.isRed(bitmap[110, 100]))
        #expect(!Self.isRed(bitmap[140, 50]))
        // Translated and scaled with it: scale 0.5 about the centre, then 10 pt right: centre at (130, 55).
        let scaled = try scene(container: Transform(scaleX: 0.5, scaleY: 0.5, translationX: 10)).render()
        #expect(Self.isRed(scaled[130, 55]))
        #expect(!Self.isRed(scaled[140, 50]))
    }

    @Test func theSuperviewsAlphaFadesTheSubtree() throws {
        let bitmap = try scene(alpha: 0.5).render()
        // As a group (UIKit's group opacity): the square hides the grey container under it, and the
        // flattened red is composited at 0.5 over white: (255, 127.5, 127.5) → (255, 128, 128). Each
        // view at the product of the alphas would give red 0.5 · 255 + 0.5 · 229.5 = 242, 115, 115.
        let p = bitmap[140, 50]
        #expect(p.red == 255)
        #expect(p.green == 128 && p.blue == 128)
        // The grey container alone: 204 at 0.5 over white, 229.5 → 230.
        #expect(bitmap[60, 70] == (230, 230, 230, 255))
        // Hidden superview: nothing of the subtree is drawn.
        let hidden = try scene(alpha: 0).render()
        #expect(hidden[140, 50] == (255, 255, 255, 255))
    }

    @Test func aSuperviewThatClipsToBoundsClipsItsSubviews() throws {
        // The square hangs 10 pt out of the container's right edge (canvas x 150…160).
        let hanging = Rect(x: 90, y: 10, width: 20, height: 20)
        let unclipped = try scene(square: hanging).render()
        #expect(Self.isRed(unclipped[155, 60]))
        let clipped = try scene(clips: true, square: hanging).render()
        #expect(!Self.isRed(clipped[155, 60]))
        #expect(clipped[155, 60] == (255, 255, 255, 255))
        #expect(Self.isRed(clipped[145, 60]))
    }
}
