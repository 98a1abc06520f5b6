import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// A modern iOS spinner as UIKit draws it (iOS 13+; docs/uikit-semantics-sources.md, "What a modern
/// iOS spinner looks like"): UIActivityIndicatorView `.medium` is a 20 pt box with 8 spokes, each a
/// capsule 2 × 1.25 pt thick running from the ring's edge (10 pt off the centre) 6.5 pt inward (to
/// 3.5 pt), the first at 12 o'clock here and the rest every 45° clockwise. The expected pixels are
/// worked out below from those numbers alone, on a 20 pt view at scale 4 (a pixel is 0.25 pt).
@Suite struct SpinnerGeometryTests {
    static let scale = 4.0
    /// The view's frame (points) and so its centre.
    static let origin = (x: 10.0, y: 10.0)
    static let centre = (x: origin.x + 10, y: origin.y + 10)

    static func render(_ state: SpinnerState, revealsWithPull: Bool = true) throws -> Bitmap {
        var scene = Scene()
        var spec = ViewSpec(tag: 1, kind: .spinner, tintColor: .black)
        spec.revealsWithPull = revealsWithPull
        scene.add(spec, frame: Rect(x: origin.x, y: origin.y, width: 20, height: 20), spinner: state)
        return try scene.render(scale: scale)
    }

    /// The pixel whose square holds the point `radius` pt from the centre at `degrees` clockwise
    /// from 12 o'clock, moved `across` pt to the side (clockwise positive); its centre is within
    /// half a pixel (0.125 pt) of that point on each axis.
    static func pixel(radius: Double, degrees: Double, across: Double = 0) -> (x: Int, y: Int) {
        let a = degrees * .pi / 180
        let x = centre.x + radius * sin(a) + across * cos(a)
        let y = centre.y - radius * cos(a) + across * sin(a)
        return (Int((x * scale).rounded(.down)), Int((y * scale).rounded(.down)))
    }

    /// Black spokes on the white canvas: how much of a pixel is covered (0 white, 1 black).
    static func ink(_ bitmap: Bitmap, _ p: (x: Int, y: Int)) -> Double {
        1 - Double(bitmap[p.x, p.y].red) / 255
    }

    @Test func eightSpokesFromThreeAndAHalfToTenPointsOffTheCentre() throws {
        let bitmap = try Self.render(SpinnerState(visibleSpokes: 8, leadingSpoke: 0))
        for spoke in 0..<8 {
            let degrees = Double(spoke) * 45
            // Along the spoke: covered from 3.5 to 10 pt (the round ends included), with a
            // pixel's margin (0.25 pt) beside each end.
            for r in [4.0, 6.75, 9.5] {
                #expect(Self.ink(bitmap, Self.pixel(radius: r, degrees: degrees)) > 0.1, "spoke \(spoke) at \(r) pt")
            }
            for r in [2.9, 10.6] {
                #expect(Self.ink(bitmap, Self.pixel(radius: r, degrees: degrees)) == 0, "spoke \(spoke) at \(r) pt")
            }
            // Across it, halfway along (6.75 pt): 2.5 pt thick, so 1.25 pt to each side.
            for side in [-0.8, 0.8] {
                #expect(
                    Self.ink(bitmap, Self.pixel(radius: 6.75, degrees: degrees, across: side)) > 0.1,
                    "spoke \(spoke), \(side) pt across")
            }
            for side in [-1.75, 1.75] {
                #expect(
                    Self.ink(bitmap, Self.pixel(radius: 6.75, degrees: degrees, across: side)) == 0,
                    "spoke \(spoke), \(side) pt across")
            }
            // Between two spokes (22.5° off), and where the 12-spoke spinner had one (30° off),
            // nothing: 6.75 pt × sin 22.5° = 2.6 pt and × sin 15° = 1.7 pt from the nearest spoke.
            for off in [22.5, 30] {
                #expect(
                    Self.ink(bitmap, Self.pixel(radius: 6.75, degrees: degrees + off)) == 0,
                    "\(off)° after spoke \(spoke)")
            }
        }
    }

    /// While all 8 show: a UIActivityIndicatorView's spoke k steps behind the brightest is drawn at
    /// 0.85 × max(0.32, 1 − 0.085 × 2k) (two images a spoke, a 0.32 floor, the 0.85 fill), so
    /// 0.85, 0.7055, 0.561, 0.4165, then 0.272 for k = 4 to 7; UIRefreshControl's own ramps over
    /// all 8 with no floor: (8 − k) / 8. The brightest here is spoke 2 (3 o'clock); k steps behind
    /// it is spoke 2 − k, counterclockwise.
    @Test(arguments: [false, true])
    func theSpokesFadeBehindTheBrightestOne(revealsWithPull: Bool) throws {
        let bitmap = try Self.render(SpinnerState(visibleSpokes: 8, leadingSpoke: 2), revealsWithPull: revealsWithPull)
        for behind in 0..<8 {
            let spoke = (2 - behind + 8) % 8
            let expected =
                revealsWithPull
                ? Double(8 - behind) / 8 : 0.85 * max(0.32, 1 - 0.085 * 2 * Double(behind))
            let ink = Self.ink(bitmap, Self.pixel(radius: 6.75, degrees: Double(spoke) * 45))
            #expect(abs(ink - expected) < 2.0 / 255, "spoke \(spoke), \(behind) behind: \(ink), UIKit \(expected)")
        }
    }

    /// Revealed by the pull: the first `visibleSpokes` clockwise from 12 o'clock, fully drawn.
    @Test func thePullRevealsTheSpokesClockwiseFromTheTop() throws {
        let bitmap = try Self.render(SpinnerState(visibleSpokes: 3, leadingSpoke: 0))
        for spoke in 0..<8 {
            let ink = Self.ink(bitmap, Self.pixel(radius: 6.75, degrees: Double(spoke) * 45))
            #expect(spoke < 3 ? ink > 253.0 / 255 : ink == 0, "spoke \(spoke): \(ink)")
        }
    }
}
