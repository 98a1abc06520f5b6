import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesRaster

/// Buttons drawn through the real renderer, against pixels worked out here by hand: an image-only
/// button's image centred at its point size (the variant of the scale), a background image
/// stretched over the bounds, image and title side by side, and the state fallbacks (a state
/// without its own image shows normal's, darkened while highlighted, at half alpha while disabled).
struct ButtonRenderingTests {
    typealias Pixel = ImageViewRenderingTests.Pixel

    /// A solid image `w` × `h` points with 1×, 2× and 3× variants, each of its own colour (so the
    /// test sees which variant was drawn).
    static func solid(_ name: String, _ w: Int, _ h: Int, _ color: (Int) -> [UInt8]) -> ImageAsset {
        ImageAsset(
            name: name,
            variants: (1...3).map { s in
                ImageVariant(
                    scale: s, bitmap: ImageViewRenderingTests.bitmap(w * s, h * s) { _, _ in color(s) },
                    file: "\(name)@\(s)x.png", sha256: "")
            })
    }

    static func arrowColor(_ scale: Int) -> [UInt8] { [200, UInt8(40 * scale), 20, 255] }
    static let arrow = solid("arrow", 2, 2, arrowColor)
    static let pressed = solid("pressed", 2, 2) { _ in [10, 10, 200, 255] }
    static let background = solid("bg", 1, 1) { _ in [0, 160, 0, 255] }
    /// Two texels across, red then blue, at 1× only: stretched, the linear filter blends them.
    static let stripes = ImageAsset(
        name: "stripes",
        variants: [
            ImageVariant(
                scale: 1,
                bitmap: ImageViewRenderingTests.bitmap(2, 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] },
                file: "stripes.png", sha256: "")
        ])

    /// Renders one button at `frame` on a white 20 × 12 pt canvas with these flags.
    static func render(
        _ button: ButtonSpec, frame: Rect, scale: Double, highlighted: Bool = false, selected: Bool = false,
        enabled: Bool = true, font: FontSpec = FontSpec()
    ) throws -> Bitmap {
        var spec = ViewSpec(tag: 1, kind: .button, font: font)
        spec.button = button
        var state = ViewState(
            tag: 1, text: nil, frame: frame, transform: .identity, alpha: 1, textColor: .black,
            backgroundColor: .clear)
        (state.isHighlighted, state.isSelected, state.isEnabled) = (highlighted, selected, enabled)
        var library = ImageLibrary()
        for asset in [arrow, pressed, background, stripes] { library.add(asset) }
        let canvas = Canvas(width: 20, height: 12, scale: scale, background: .white)
        let frameState = FrameState(
            time: 0, phase: .idle, refreshBeganAt: nil, refreshEndedAt: nil, contentAlpha: 1, pull: 0, views: [state])
        return try FrameRenderer(canvas: canvas, views: [spec], fonts: .shared, images: library).render(frameState)
    }

    static func button(_ normal: ButtonSpec.Content, _ others: [ControlState: ButtonSpec.Content] = [:]) -> ButtonSpec {
        var button = ButtonSpec()
        button.states = others.merging([.normal: normal]) { a, _ in a }
        return button
    }

    /// Every pixel: `inside(x, y)`'s colour where it gives one, white elsewhere.
    static func expectPixels(_ bitmap: Bitmap, _ inside: (Int, Int) -> [UInt8]?) {
        var wrong = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let expected = inside(x, y) ?? [255, 255, 255, 255]
                if !ImageViewRenderingTests.close(bitmap[x, y], expected) {
                    wrong += 1
                    if wrong <= 5 { Issue.record("pixel (\(x), \(y)) is \(bitmap[x, y]), expected \(expected)") }
                }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels differ")
    }

    /// An image-only 10 × 6 pt button at (3, 2): its 2 × 2 pt image sits centred, 4 pt in and 2 pt
    /// down (at (7, 4)), at its point size, in the variant of the scale.
    @Test(arguments: [1, 2, 3])
    func anImageOnlyButtonDrawsItsImageCentredAtItsPointSize(scale: Int) throws {
        let bitmap = try Self.render(
            Self.button(.init(image: "arrow")), frame: Rect(x: 3, y: 2, width: 10, height: 6), scale: Double(scale))
        Self.expectPixels(bitmap) { x, y in
            (7 * scale..<9 * scale).contains(x) && (4 * scale..<6 * scale).contains(y) ? Self.arrowColor(scale) : nil
        }
    }

    /// The background image fills the bounds whatever its own size (scaleToFill), under the image.
    @Test(arguments: [1, 2])
    func theBackgroundImageIsStretchedOverTheBoundsUnderTheImage(scale: Int) throws {
        let bitmap = try Self.render(
            Self.button(.init(image: "arrow", backgroundImage: "bg")), frame: Rect(x: 3, y: 2, width: 10, height: 6),
            scale: Double(scale))
        Self.expectPixels(bitmap) { x, y in
            if (7 * scale..<9 * scale).contains(x) && (4 * scale..<6 * scale).contains(y) {
                return Self.arrowColor(scale)
            }
            return (3 * scale..<13 * scale).contains(x) && (2 * scale..<8 * scale).contains(y) ? [0, 160, 0, 255] : nil
        }
    }

    /// Stretched with Core Animation's linear filter: two texels over 4 pixels are 1, ¾ + ¼, ¼ + ¾, 1
    /// of red and blue (texel centres at pixels 1 and 3 of 4; the edges clamp).
    @Test func aStretchedBackgroundIsSampledLinearly() throws {
        let bitmap = try Self.render(
            Self.button(.init(backgroundImage: "stripes")), frame: Rect(x: 0, y: 0, width: 4, height: 2), scale: 1)
        let expected: [[UInt8]] = [[255, 0, 0, 255], [191, 0, 64, 255], [64, 0, 191, 255], [0, 0, 255, 255]]
        for x in 0..<4 {
            #expect(ImageViewRenderingTests.close(bitmap[x, 0], expected[x]), "pixel \(x): \(bitmap[x, 0])")
        }
    }

    /// Image and title side by side, image first, the pair centred: the image's left edge is half
    /// the free width in; the title's ink lies right of the image and within the title's width.
    @Test func imageAndTitleSitSideBySideThePairCentred() throws {
        let font = FontSpec(family: "DejaVu Sans", size: 8)
        let title = try FontBook.shared.measure("Hi", font: font)
        let titleWidth = (title.width * 2 - 1e-6).rounded(.up) / 2
        var content = ButtonSpec.Content(title: "Hi", image: "arrow")
        content.titleColor = .black
        let bitmap = try Self.render(
            Self.button(content), frame: Rect(x: 0, y: 0, width: 20, height: 12), scale: 2, font: font)
        let left = ((20 - (2 + titleWidth)) / 2 * 2).rounded(.toNearestOrAwayFromZero) / 2
        let imageX = Int(left * 2)
        Self.expectPixelsOfImage(bitmap, at: imageX, 10, size: 4, color: Self.arrowColor(2))
        var inkColumns: [Int] = []
        for x in 0..<bitmap.width where (0..<bitmap.height).contains(where: { bitmap[x, $0].red < 128 }) {
            inkColumns.append(x)
        }
        #expect(!inkColumns.isEmpty)
        #expect(
            inkColumns.allSatisfy { $0 >= imageX + 4 && Double($0) < (left + 2 + titleWidth) * 2 + 1 }, "\(inkColumns)")
    }

    static func expectPixelsOfImage(_ bitmap: Bitmap, at x0: Int, _ y0: Int, size: Int, color: [UInt8]) {
        for y in y0..<y0 + size {
            for x in x0..<x0 + size {
                #expect(ImageViewRenderingTests.close(bitmap[x, y], color), "pixel (\(x), \(y)) is \(bitmap[x, y])")
            }
        }
        #expect(ImageViewRenderingTests.close(bitmap[x0 - 1, y0], [255, 255, 255, 255]), "left of the image")
    }

    /// The state fallbacks, pixel (7, 4) of the image at 1×: a state with its own image shows it as it
    /// is; one without shows normal's, darkened (× 0.6) while highlighted and at half alpha over the
    /// white canvas while disabled, unless the button says not to; a combination of states has no
    /// image of its own and shows normal's.
    @Test(
        arguments: [
            (ControlState.highlighted, true, true, [10, 10, 200, 255]),
            (.highlighted, false, true, [120, 24, 12, 255]),
            (.highlighted, false, false, [200, 40, 20, 255]),
            (.disabled, false, true, [227, 147, 137, 255]),
            (.disabled, false, false, [200, 40, 20, 255]),
            (.selected, true, true, [10, 10, 200, 255]),
            (.normal, false, true, [200, 40, 20, 255]),
        ] as [(ControlState, Bool, Bool, [UInt8])])
    func aStateWithoutItsOwnImageShowsNormalsAdjusted(
        state: ControlState, ownImage: Bool, adjusts: Bool, expected: [UInt8]
    ) throws {
        var button = Self.button(.init(image: "arrow"), ownImage ? [state: .init(image: "pressed")] : [:])
        button.adjustsImageWhenHighlighted = adjusts
        button.adjustsImageWhenDisabled = adjusts
        let bitmap = try Self.render(
            button, frame: Rect(x: 3, y: 2, width: 10, height: 6), scale: 1, highlighted: state == .highlighted,
            selected: state == .selected, enabled: state != .disabled)
        #expect(ImageViewRenderingTests.close(bitmap[7, 4], expected), "\(bitmap[7, 4])")
    }

    @Test func selectedAndHighlightedTogetherShowNormalsImageDarkened() throws {
        let button = Self.button(.init(image: "arrow"), [.selected: .init(image: "pressed")])
        let bitmap = try Self.render(
            button, frame: Rect(x: 3, y: 2, width: 10, height: 6), scale: 1, highlighted: true, selected: true)
        #expect(ImageViewRenderingTests.close(bitmap[7, 4], [120, 24, 12, 255]), "\(bitmap[7, 4])")
    }
}
