import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// Group opacity (`CALayer.allowsGroupOpacity`, on since the iOS 7 SDK; docs/uikit-semantics-sources.md):
/// a view below alpha 1 with subviews is drawn with its subtree at full opacity into an offscreen
/// image, which is composited at its alpha. Each expected pixel is worked out here from that rule
/// over the white canvas (round half up, as 8-bit output rounds), never read from the renderer.
@Suite struct GroupOpacityRenderingTests {
    static let red = RGBA(red: 1, green: 0, blue: 0)
    static let blue = RGBA(red: 0, green: 0, blue: 1)
    static let green = RGBA(red: 0, green: 1, blue: 0)

    /// `alpha · flattened + (1 − alpha) · white`, per channel, as 8-bit output rounds it.
    static func over(white alpha: Double, _ flattened: (Double, Double, Double)) -> (UInt8, UInt8, UInt8) {
        func channel(_ c: Double) -> UInt8 {
            UInt8((255 * (alpha * c + (1 - alpha))).rounded(.toNearestOrAwayFromZero))
        }
        return (channel(flattened.0), channel(flattened.1), channel(flattened.2))
    }

    static func rgb(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> [UInt8] { [p.red, p.green, p.blue] }
    static func rgb(_ p: (UInt8, UInt8, UInt8)) -> [UInt8] { [p.0, p.1, p.2] }

    /// A 100 × 40 container at (50, 40) with `background`, and 20 × 20 subviews in it at the
    /// given origins (container coordinates), each with its colour and alpha.
    func scene(
        containerAlpha: Double, background: RGBA = .clear, subviews: [(x: Double, color: RGBA, alpha: Double)],
        contentAlpha: Double = 1
    ) -> Scene {
        var scene = Scene()
        scene.contentAlpha = contentAlpha
        scene.add(
            ViewSpec(tag: 1, kind: .view, backgroundColor: background),
            frame: Rect(x: 50, y: 40, width: 100, height: 40), alpha: containerAlpha)
        for (i, subview) in subviews.enumerated() {
            var spec = ViewSpec(tag: 2 + i, kind: .view, backgroundColor: subview.color)
            spec.superview = 1
            scene.add(spec, frame: Rect(x: subview.x, y: 10, width: 20, height: 20), alpha: subview.alpha)
        }
        return scene
    }

    /// Issue 27's case: a red container at alpha 0.5 with an opaque blue subview in its centre.
    /// UIKit flattens first (blue), then 0.5 · blue + 0.5 · white = (127.5, 127.5, 255) → (128, 128, 255);
    /// multiplying each view's alpha gave red at 0.5, then blue at 0.5 over it: (128, 64, 191).
    @Test func anOpaqueSubviewHidesItsFadedSuperviewsBackground() throws {
        let bitmap = try scene(containerAlpha: 0.5, background: Self.red, subviews: [(40, Self.blue, 1)]).render()
        let centre = Self.rgb(bitmap[100, 60])
        #expect(centre == Self.rgb(Self.over(white: 0.5, (0, 0, 1))))
        #expect(centre == [128, 128, 255])
        #expect(centre != [128, 64, 191])
        // Where only the container draws: red at 0.5 over white, as before.
        #expect(Self.rgb(bitmap[60, 45]) == Self.rgb(Self.over(white: 0.5, (1, 0, 0))))
    }

    /// Two opaque subviews overlapping in a clear container at 0.5: the later one alone shows in
    /// the overlap (green at 0.5 over white), not green at 0.5 over blue at 0.5.
    @Test func overlappingSubviewsDoNotShowThroughEachOther() throws {
        let bitmap = try scene(containerAlpha: 0.5, subviews: [(30, Self.blue, 1), (40, Self.green, 1)]).render()
        #expect(Self.rgb(bitmap[95, 60]) == Self.rgb(Self.over(white: 0.5, (0, 1, 0))))
        #expect(Self.rgb(bitmap[85, 60]) == Self.rgb(Self.over(white: 0.5, (0, 0, 1))))
    }

    /// The whole control below contentAlpha 1 is one group too (the marquee's pull fade).
    @Test func theControlsContentAlphaFadesItAsOneGroup() throws {
        let bitmap = try scene(
            containerAlpha: 1, background: Self.red, subviews: [(40, Self.blue, 1)], contentAlpha: 0.5
        ).render()
        #expect(Self.rgb(bitmap[100, 60]) == Self.rgb(Self.over(white: 0.5, (0, 0, 1))))
    }

    /// A subview's own alpha applies inside the group: blue at 0.5 over the red background gives
    /// (0.5, 0, 0.5) flattened, then at 0.5 over white: (191.25, 127.5, 191.25) → (191, 128, 191).
    @Test func aSubviewsOwnAlphaBlendsInsideTheGroup() throws {
        let bitmap = try scene(containerAlpha: 0.5, background: Self.red, subviews: [(40, Self.blue, 0.5)]).render()
        #expect(Self.rgb(bitmap[100, 60]) == Self.rgb(Self.over(white: 0.5, (0.5, 0, 0.5))))
        #expect(Self.rgb(bitmap[100, 60]) == [191, 128, 191])
    }

    /// Nested groups: a container at 0.5 inside the control at contentAlpha 0.5, its two opaque
    /// subviews overlapping: the overlap is green at 0.25 over white.
    @Test func nestedGroupsCompositeInsideTheirGroup() throws {
        let bitmap = try scene(
            containerAlpha: 0.5, subviews: [(30, Self.blue, 1), (40, Self.green, 1)], contentAlpha: 0.5
        ).render()
        #expect(Self.rgb(bitmap[95, 60]) == Self.rgb(Self.over(white: 0.25, (0, 1, 0))))
    }

    /// Where no two drawings of a group overlap, the group is each view at the product of the
    /// alphas: the same pixels as the subview alone at that product, without a container.
    @Test func aGroupWhoseDrawingsDoNotOverlapIsTheProductOfTheAlphas() throws {
        let grouped = try scene(containerAlpha: 0.5, subviews: [(10, Self.blue, 0.7), (60, Self.green, 1)]).render()
        var alone = Scene()
        alone.add(
            ViewSpec(tag: 2, kind: .view, backgroundColor: Self.blue), frame: Rect(x: 60, y: 50, width: 20, height: 20),
            alpha: 0.7 * 0.5)
        alone.add(
            ViewSpec(tag: 3, kind: .view, backgroundColor: Self.green),
            frame: Rect(x: 110, y: 50, width: 20, height: 20), alpha: 0.5)
        #expect(grouped == (try alone.render()))
    }

    /// A region of a frame is exactly those pixels of the whole frame, group or not; the damage
    /// between two frames covers every pixel that differs; and when a group starts to overlap, its
    /// views that did not change are in the damage too (they now go through the offscreen image,
    /// which may move a pixel by a rounding: none was seen, over 42 alpha pairs at scale 1 and 2.7).
    @Test func regionsAndDamageStayExactWithGroups() throws {
        let apart = scene(
            containerAlpha: 0.5, subviews: [(0, Self.blue, 0.7), (40, Self.green, 0.3), (80, Self.red, 0.9)])
        var touching = apart
        touching.states[3].frame.x = 50
        let renderer = FrameRenderer(canvas: apart.canvas, views: apart.specs, fonts: .shared)
        let whole = try renderer.render(touching.state)
        let part = PixelRect(x: 90, y: 45, width: 30, height: 20)
        let region = try renderer.render(touching.state, region: part)
        for y in 0..<part.height {
            for x in 0..<part.width {
                #expect(Self.rgb(region[x, y]) == Self.rgb(whole[part.x + x, part.y + y]))
            }
        }
        var patched = try renderer.render(apart.state)
        let damage = try renderer.damage(from: apart.state, to: touching.state)
        for rect in damage {
            let patch = try renderer.render(touching.state, region: rect)
            for y in 0..<rect.height {
                let from = y * rect.width * 4
                let to = ((rect.y + y) * patched.width + rect.x) * 4
                patched.pixels[to..<(to + rect.width * 4)] = patch.pixels[from..<(from + rect.width * 4)]
            }
        }
        #expect(patched == whole)
        // The blue subview (canvas 50…70, 50…70) did not change, but its group now overlaps.
        #expect(damage.contains { $0.x <= 50 && $0.x + $0.width >= 70 && $0.y <= 50 && $0.y + $0.height >= 70 })
        // Nothing changes: no damage.
        #expect(try renderer.damage(from: touching.state, to: touching.state) == [])
    }
}
