import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// Image views drawn through the real renderer, against pixels worked out here by hand: where each
/// content mode puts the image at 1×, 2× and 3× (the variant of each scale has its own colours, so
/// the test also sees which one was picked), Core Animation's linear filter, template tinting, a
/// turned image. The images are made in the test.
struct ImageViewRenderingTests {
    typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

    /// An image `width` × `height` pixels whose pixel (x, y) is `color(x, y)`.
    static func bitmap(_ width: Int, _ height: Int, _ color: (Int, Int) -> [UInt8]) -> Bitmap {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { pixels += color(x, y) } }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// A distinct opaque colour for each texel of each scale's variant.
    static func texel(_ x: Int, _ y: Int, scale: Int) -> [UInt8] {
        [UInt8(20 * x + 10), UInt8(40 * y + 20), UInt8(60 * scale), 255]
    }

    /// A 4 × 2 pt image with 1×, 2× and 3× variants.
    static let asset = ImageAsset(
        name: "a",
        variants: (1...3).map { s in
            ImageVariant(
                scale: s, bitmap: bitmap(4 * s, 2 * s) { texel($0, $1, scale: s) }, file: "a@\(s)x.png", sha256: "")
        })

    /// Renders one image view at `frame` on a white canvas of `width` × `height` points.
    static func render(
        _ imageView: ImageViewSpec, asset: ImageAsset = asset, frame: Rect, canvas size: (Double, Double) = (20, 12),
        scale: Double, tint: RGBA = .systemBlue, clips: Bool = false, transform: Transform = .identity
    ) throws -> Bitmap {
        var spec = ViewSpec(tag: 1, kind: .image, tintColor: tint)
        spec.imageView = imageView
        spec.clipsToBounds = clips
        var state = ViewState(
            tag: 1, text: nil, frame: frame, transform: transform, alpha: 1, textColor: .black,
            backgroundColor: .clear)
        state.image = ImageName(imageView.shownImage)
        var library = ImageLibrary()
        library.add(asset)
        let canvas = Canvas(width: size.0, height: size.1, scale: scale, background: .white)
        let frameState = FrameState(
            time: 0, phase: .idle, refreshBeganAt: nil, refreshEndedAt: nil, contentAlpha: 1, pull: 0, views: [state])
        return try FrameRenderer(canvas: canvas, views: [spec], fonts: .shared, images: library).render(frameState)
    }

    static func close(_ p: Pixel, _ q: [UInt8], tolerance: Int = 1) -> Bool {
        abs(Int(p.red) - Int(q[0])) <= tolerance && abs(Int(p.green) - Int(q[1])) <= tolerance
            && abs(Int(p.blue) - Int(q[2])) <= tolerance && abs(Int(p.alpha) - Int(q[3])) <= tolerance
    }

    /// The unscaled modes: the image's top-left corner in the 10 × 6 pt view at (3, 2), worked out
    /// by hand (free space 6 × 4 pt: centred is 3 in, 2 down).
    @Test(
        arguments: [
            (ContentMode.center, 3.0, 2.0), (.top, 3, 0), (.bottom, 3, 4), (.left, 0, 2), (.right, 6, 2),
            (.topLeft, 0, 0), (.topRight, 6, 0), (.bottomLeft, 0, 4), (.bottomRight, 6, 4),
        ], [1, 2, 3])
    func unscaledModesCopyTheVariantOfTheScale(mode: (ContentMode, Double, Double), scale: Int) throws {
        var view = ImageViewSpec(image: "a")
        view.contentMode = mode.0
        let bitmap = try Self.render(view, frame: Rect(x: 3, y: 2, width: 10, height: 6), scale: Double(scale))
        let left = Int((3 + mode.1) * Double(scale))
        let top = Int((2 + mode.2) * Double(scale))
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let inside = (left..<left + 4 * scale).contains(x) && (top..<top + 2 * scale).contains(y)
                let expected = inside ? Self.texel(x - left, y - top, scale: scale) : [255, 255, 255, 255]
                #expect(
                    Self.close(bitmap[x, y], expected), "pixel (\(x), \(y)) is \(bitmap[x, y]), expected \(expected)")
            }
        }
    }

    /// Research §14 example D: a 2-px row [black, white] stretched to 4 px is sampled at texel
    /// positions 0.25, 0.75, 1.25, 1.75 with the edges clamped: 0, 64, 191, 255.
    @Test func scaleToFillFiltersLinearly() throws {
        let row = ImageAsset(
            name: "a",
            variants: [
                ImageVariant(
                    scale: 1, bitmap: Self.bitmap(2, 1) { x, _ in x == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] },
                    file: "a.png", sha256: "")
            ])
        let bitmap = try Self.render(
            ImageViewSpec(image: "a"), asset: row, frame: Rect(x: 0, y: 0, width: 4, height: 1), canvas: (4, 1),
            scale: 1)
        #expect((0..<4).map { bitmap[$0, 0].red } == [0, 64, 191, 255])
    }

    /// Research §14 example C scaled down: a 4 × 2 pt image in a 10 × 10 pt view at (5, 1). Fit:
    /// 10 × 5 pt from y = 3.5; fill: 20 × 10 pt from x = 0, cut to the view by clipsToBounds.
    @Test(arguments: [1, 2, 3])
    func aspectModesScaleAndCentre(scale: Int) throws {
        let solid = ImageAsset(
            name: "a",
            variants: [
                ImageVariant(
                    scale: 1, bitmap: Self.bitmap(4, 2) { _, _ in [200, 0, 0, 255] }, file: "a.png", sha256: "")
            ])
        let red: [UInt8] = [200, 0, 0, 255]
        let white: [UInt8] = [255, 255, 255, 255]
        let s = Double(scale)
        func check(_ mode: ContentMode, clips: Bool, inside: (Double, Double) -> Bool) throws {
            var view = ImageViewSpec(image: "a")
            view.contentMode = mode
            let bitmap = try Self.render(
                view, asset: solid, frame: Rect(x: 5, y: 1, width: 10, height: 10), canvas: (20, 12), scale: s,
                clips: clips)
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    // The pixel's centre in points.
                    let expected = inside((Double(x) + 0.5) / s, (Double(y) + 0.5) / s) ? red : white
                    #expect(Self.close(bitmap[x, y], expected), "\(mode) at \(scale)×: pixel (\(x), \(y))")
                }
            }
        }
        try check(.scaleAspectFit, clips: false) { x, y in (5..<15).contains(x) && (3.5..<8.5).contains(y) }
        try check(.scaleAspectFill, clips: true) { x, y in (5..<15).contains(x) && (1..<11).contains(y) }
        try check(.scaleAspectFill, clips: false) { x, y in (0..<20).contains(x) && (1..<11).contains(y) }
        try check(.scaleToFill, clips: false) { x, y in (5..<15).contains(x) && (1..<11).contains(y) }
    }

    /// A template image is its alpha in the view's tint; `alwaysOriginal` overrides the asset's
    /// `template-rendering-intent`, `alwaysTemplate` applies without it.
    @Test(arguments: [
        (ImageRenderingMode.automatic, true, true), (.alwaysOriginal, true, false), (.alwaysTemplate, false, true),
        (.automatic, false, false),
    ])
    func templatesTakeTheTint(mode: ImageRenderingMode, assetIsTemplate: Bool, tinted: Bool) throws {
        // Left pixel opaque green, right one half-transparent green.
        let image = ImageAsset(
            name: "a",
            variants: [
                ImageVariant(
                    scale: 1, bitmap: Self.bitmap(2, 1) { x, _ in [0, 200, 0, x == 0 ? 255 : 128] }, file: "a.png",
                    sha256: "")
            ], isTemplate: assetIsTemplate)
        var view = ImageViewSpec(image: "a")
        view.renderingMode = mode
        view.contentMode = .topLeft
        let tint = RGBA(red: 0, green: 0, blue: 1)
        let bitmap = try Self.render(
            view, asset: image, frame: Rect(x: 0, y: 0, width: 2, height: 1), canvas: (2, 1), scale: 1, tint: tint)
        // Over white: the half-transparent pixel is half the colour, half white (128/255 of it).
        let a = 128.0 / 255
        func over(_ c: Double) -> UInt8 { UInt8((c * a + 255 * (1 - a)).rounded()) }
        if tinted {
            #expect(Self.close(bitmap[0, 0], [0, 0, 255, 255]))
            #expect(Self.close(bitmap[1, 0], [over(0), over(0), over(255), 255]))
        } else {
            #expect(Self.close(bitmap[0, 0], [0, 200, 0, 255]))
            #expect(Self.close(bitmap[1, 0], [over(0), over(200), over(0), 255]))
        }
    }

    /// Turned a quarter clockwise (the program's rotation 90°), a top-red, bottom-blue square shows
    /// red on the right and blue on the left.
    @Test func aTurnedImageTurnsItsPixels() throws {
        let image = ImageAsset(
            name: "a",
            variants: [
                ImageVariant(
                    scale: 1, bitmap: Self.bitmap(4, 4) { _, y in y < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] },
                    file: "a.png", sha256: "")
            ])
        let bitmap = try Self.render(
            ImageViewSpec(image: "a"), asset: image, frame: Rect(x: 2, y: 2, width: 4, height: 4), canvas: (8, 8),
            scale: 1, transform: Transform(rotation: 90))
        for y in 3...4 {
            #expect(Self.close(bitmap[2, y], [0, 0, 255, 255]), "left column, row \(y)")
            #expect(Self.close(bitmap[3, y], [0, 0, 255, 255]))
            #expect(Self.close(bitmap[4, y], [255, 0, 0, 255]), "right column, row \(y)")
            #expect(Self.close(bitmap[5, y], [255, 0, 0, 255]))
        }
    }

    /// UIKit's choice of variant: the screen's scale, else the next larger, else the largest there is.
    @Test(arguments: [
        ([1, 2, 3], 2.0, 2), ([1, 3], 2, 3), ([1], 3, 1), ([2, 3], 1, 2), ([1, 2], 3, 2), ([1, 2, 3], 2.5, 3),
    ])
    func theVariantForAScale(scales: [Int], screen: Double, picked: Int) {
        let asset = ImageAsset(
            name: "a",
            variants: scales.map {
                ImageVariant(scale: $0, bitmap: Self.bitmap(1, 1) { _, _ in [0, 0, 0, 0] }, file: "", sha256: "")
            })
        #expect(asset.variant(for: screen)?.scale == picked)
    }
}
