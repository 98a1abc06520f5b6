import CGD
import Foundation
import RefreshFramesCore

/// Draws a `FrameState` as UIKit would composite the control's views: the canvas background, then
/// each view in subview order (a view, then its subviews), transformed about its centre, with its
/// alpha applied as a group. A subview's transform follows its superview's, a view below alpha 1
/// composites its subtree as one group at its alpha (`FrameRenderer+Groups.swift`), and every
/// ancestor with clipsToBounds clips it.
package struct FrameRenderer: FrameDrawing {
    package let canvas: Canvas
    package let views: [ViewSpec]
    package let fonts: FontBook
    /// Where the font files its texts are laid out with are counted (nil: only `fonts.filesUsed`).
    package let usage: FontUsage?
    package let text: TextRendering
    /// The images image views show, by the spec's names.
    package let images: ImageLibrary

    package init(
        canvas: Canvas, views: [ViewSpec], fonts: FontBook, usage: FontUsage? = nil, text: TextRendering = .hinted,
        images: ImageLibrary = ImageLibrary()
    ) {
        GDRuntime.prepare()
        self.canvas = canvas
        self.views = views
        self.fonts = fonts
        self.usage = usage
        self.text = text
        self.images = images
    }

    /// The frame, or only `region` of it, as `canvas.width × scale` by `canvas.height × scale`
    /// pixels (scale: `canvas.scale`). Damage-tracked rendering redraws what changed this way.
    package func render(_ state: FrameState, scale: Double?, region: PixelRect?) throws -> Bitmap {
        try draw(state, scale: scale, region: region.map(PixelBox.init))
    }

    /// The frame's size: the canvas's, whatever the state.
    package func pixelSize(of state: FrameState, scale: Double?) throws -> (width: Int, height: Int) {
        try pixelSize(scale ?? canvas.scale)
    }

    func draw(_ state: FrameState, scale: Double?, region: PixelBox?) throws -> Bitmap {
        let scale = scale ?? canvas.scale
        let (width, height) = try pixelSize(scale)
        var surface = Surface(width: width, height: height, background: canvas.background, region: region)
        let drawn = try layers(state, scale: scale, width: width, height: height)
        let groups = GroupPlan(drawn, contentAlpha: clamp01(state.contentAlpha), width: width, height: height)
        groups.paint(drawn, onto: &surface)
        return surface.bitmap()
    }

    /// The frame's size in pixels at `scale`.
    func pixelSize(_ scale: Double) throws -> (width: Int, height: Int) {
        guard scale > 0, scale.isFinite else { throw RasterError.invalidScale(scale) }
        let width = Int((canvas.width * scale).rounded())
        let height = Int((canvas.height * scale).rounded())
        guard width > 0, height > 0 else {
            throw RasterError.imageAllocationFailed(width: width, height: height, reason: "the canvas is empty")
        }
        return (width, height)
    }

    /// A drawn view: its layer, and everything its pixels depend on besides the spec and the scale
    /// (the container's alpha and the states of the view and its ancestors): equal keys, equal pixels.
    struct DrawnView {
        /// The view's index in `views`.
        var index: Int
        var key: ViewKey
        var layer: Layer
        /// Its superview's position among the drawn views; nil for a root view.
        var parent: Int?
        /// Its own alpha (0…1): what its subtree is composited at as a group.
        var ownAlpha: Double
        /// Its layer's border, drawn above its subviews (`LayerBorder`).
        var border: LayerBorder? = nil
        /// Its layer's shadow, drawn below it (`LayerShadow`).
        var shadow: LayerShadow? = nil
    }

    struct ViewKey: Equatable {
        var groupAlpha: Double
        /// The states of the view's drawn ancestors, root first, then its own.
        var chain: [ViewState]
    }

    /// The views drawn, in drawing order. `rasterizingText: false` gives text masks their boxes
    /// alone (enough for damage, and no FreeType work).
    func layers(_ state: FrameState, scale: Double, width: Int, height: Int, rasterizingText: Bool = true) throws
        -> [DrawnView]
    {
        let groupAlpha = clamp01(state.contentAlpha)
        var drawn: [DrawnView] = []
        // What a subview inherits from its superview: where the superview landed, its alpha, and
        // the clipping of every ancestor with clipsToBounds.
        let root = Inheritance(placement: nil, alpha: groupAlpha, clips: [], chain: [], position: nil)
        try state.walk(views, root: root) { index, spec, view, parent throws -> Inheritance? in
            let alpha = clamp01(view.alpha) * parent.alpha
            let placement: Placement?
            if let superview = parent.placement {
                placement = Placement(
                    frame: view.frame, transform: view.transform, anchor: view.anchorPoint, in: superview)
            } else {
                placement = Placement(
                    frame: view.frame, transform: view.transform, anchor: view.anchorPoint, scale: scale)
            }
            guard alpha > 0, let placement else { return nil }
            // The instant's `layer.cornerRadius` (animated, or the spec's resolved against the frame).
            let shape = RoundedBox(
                halfWidth: view.frame.width / 2, halfHeight: view.frame.height / 2,
                radius: view.cornerRadius.isFinite ? view.cornerRadius : 0)
            let chain = parent.chain + [view]
            let drawing = try kindDrawing(
                KindDrawingRequest(
                    spec: spec, view: view, placement: placement, scale: scale, bounds: (width, height),
                    rasterizingText: rasterizingText))
            drawn.append(
                DrawnView(
                    index: index, key: ViewKey(groupAlpha: groupAlpha, chain: chain),
                    layer: Layer(
                        placement: placement, shape: shape, background: view.backgroundColor,
                        clips: spec.clipsToBounds, text: drawing.text, textColor: drawing.textColor ?? view.textColor,
                        spokes: drawing.spokes, tint: spec.tintColor, alpha: alpha, ancestorClips: parent.clips,
                        image: drawing.image, backgroundImage: drawing.backgroundImage,
                        shapeContent: ShapeLayerDrawing(view)),
                    parent: parent.position, ownAlpha: clamp01(view.alpha),
                    border: LayerBorder(
                        placement: placement, shape: shape, width: view.borderWidth, color: view.borderColor,
                        ancestorClips: parent.clips),
                    shadow: LayerShadow(
                        view, placement: placement, shape: shape, clips: spec.clipsToBounds, ancestorClips: parent.clips
                    )))
            return Inheritance(
                placement: placement, alpha: alpha,
                clips: parent.clips + (spec.clipsToBounds ? [ClipShape(placement: placement, shape: shape)] : []),
                chain: chain, position: drawn.count - 1)
        }
        return drawn
    }
}

/// What a view passes on to its subviews.
private struct Inheritance {
    /// Nil for the root view (the canvas).
    var placement: Placement?
    var alpha: Double
    var clips: [ClipShape]
    /// The states of the view and its drawn ancestors, root first.
    var chain: [ViewState]
    /// The view's position among the drawn views; nil for the root.
    var position: Int?
}

/// The bounds of an ancestor with clipsToBounds, where they landed.
struct ClipShape {
    var placement: Placement
    var shape: RoundedBox
}

/// How label text becomes pixels.
package enum TextRendering: Sendable, Hashable {
    /// FreeType through gd, with TrueType hinting: strokes snap to the pixel grid, so small CJK text
    /// stays crisp. GIFs, PNGs and goldens. gd draws text under one process-wide lock.
    case hinted
    /// The glyph outlines without hinting, at the sizes and whole-pixel positions the hinted path
    /// lands on, filled on every core at once: for the terminal, where a label is a few pixels tall
    /// and is averaged into cells, so hinting would be invisible work.
    case unhinted
}

func clamp01(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }

/// Where a view lands in pixels: its centre after translation, and the map from a pixel back to the
/// view's own coordinates (points, origin at the view's centre, y down).
struct Placement {
    var centerX: Double
    var centerY: Double
    var cosine: Double
    var sine: Double
    /// Pixels per local point along each local axis.
    var unitX: Double
    var unitY: Double
    /// Pixels per point for distances (exact for uniform scales).
    var pixelsPerPoint: Double
    var halfWidth: Double
    var halfHeight: Double
    var rotationRadians: Double
    /// For a view under a 3-D transform (its own or an ancestor's): the exact map to pixels and
    /// back; the fields above are then its first-order approximation at the centre, for what is
    /// drawn flat (shadow offsets, the pixel size emoji are resampled to). Nil: the fields are exact.
    var projection: Projection? = nil

    init?(frame: Rect, transform: Transform, anchor: Point = Point(x: 0.5, y: 0.5), scale: Double) {
        guard transform.isPlanar else {
            let toCanvas = Homography.affine(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
            guard let projected = Placement(projecting: frame, transform: transform, anchor: anchor, into: toCanvas)
            else { return nil }
            self = projected
            return
        }
        guard frame.width.isFinite, frame.height.isFinite, transform.scaleX != 0, transform.scaleY != 0 else {
            return nil
        }
        // The transform applies about the anchor point (the layer's position), not the centre.
        let shift = transform.centerShift(width: frame.width, height: frame.height, anchor: anchor)
        centerX = (frame.midX + shift.x) * scale
        centerY = (frame.midY + shift.y) * scale
        rotationRadians = transform.rotation * .pi / 180
        cosine = cos(rotationRadians)
        sine = sin(rotationRadians)
        unitX = transform.scaleX * scale
        unitY = transform.scaleY * scale
        pixelsPerPoint = min(abs(unitX), abs(unitY))
        halfWidth = frame.width / 2
        halfHeight = frame.height / 2
    }

    /// A subview's placement: its centre (its frame is in the superview's coordinates, translated in
    /// them) mapped through the superview's placement; rotations add and scales multiply. That is
    /// the composed transform exactly, unless a superview is scaled unevenly and a subview rotated
    /// (a skew, which this approximates by the rotation).
    init?(frame: Rect, transform: Transform, anchor: Point = Point(x: 0.5, y: 0.5), in superview: Placement) {
        guard transform.isPlanar, superview.projection == nil else {
            let toSuperview = Homography.translation(-superview.halfWidth, -superview.halfHeight)
            guard
                let projected = Placement(
                    projecting: frame, transform: transform, anchor: anchor,
                    into: toSuperview.then(superview.projection?.toPixel ?? superview.affineToPixel))
            else { return nil }
            self = projected
            return
        }
        guard frame.width.isFinite, frame.height.isFinite, transform.scaleX != 0, transform.scaleY != 0 else {
            return nil
        }
        let shift = transform.centerShift(width: frame.width, height: frame.height, anchor: anchor)
        let center = superview.toPixel(
            frame.midX + shift.x - superview.halfWidth, frame.midY + shift.y - superview.halfHeight)
        centerX = center.x
        centerY = center.y
        rotationRadians = superview.rotationRadians + transform.rotation * .pi / 180
        cosine = cos(rotationRadians)
        sine = sin(rotationRadians)
        unitX = superview.unitX * transform.scaleX
        unitY = superview.unitY * transform.scaleY
        pixelsPerPoint = min(abs(unitX), abs(unitY))
        halfWidth = frame.width / 2
        halfHeight = frame.height / 2
    }

    /// A view placed through the homography of its layer's plane, as Core Animation draws a flat
    /// layer: a local point (from the centre) moved to be relative to the anchor point, times the
    /// 4 × 4 transform, divided by w (z dropped), then moved to the layer's position in the
    /// superview, whose points `superview` takes to pixels. Nil when the layer is edge-on (the plane
    /// seen as a line covers no pixel) or the frame is not finite.
    init?(projecting frame: Rect, transform: Transform, anchor: Point, into superview: Homography) {
        guard frame.width.isFinite, frame.height.isFinite, frame.x.isFinite, frame.y.isFinite else { return nil }
        let (w, h) = (frame.width, frame.height)
        let map = Homography.translation(w / 2 - anchor.x * w, h / 2 - anchor.y * h)
            .then(Homography(plane: transform.matrix3D))
            .then(.translation(frame.x + anchor.x * w, frame.y + anchor.y * h))
            .then(superview)
        guard let projection = Projection(map) else { return nil }
        self.projection = projection
        halfWidth = w / 2
        halfHeight = h / 2
        // The first-order map at the centre: its x and y columns.
        let c = projection.pixel(0, 0)
        let t = projection.toPixel
        let (ax, ay) = ((t.m11 - c.x * t.m13) / c.w, (t.m12 - c.y * t.m13) / c.w)
        let (bx, by) = ((t.m21 - c.x * t.m23) / c.w, (t.m22 - c.y * t.m23) / c.w)
        let fields = [c.x, c.y, ax, ay, bx, by]
        guard c.w > 0, fields.allSatisfy(\.isFinite), ax != 0 || ay != 0 else {
            // The centre is behind the eye: nothing drawn flat has a place.
            (centerX, centerY, rotationRadians, cosine, sine) = (0, 0, 0, 1, 0)
            (unitX, unitY, pixelsPerPoint) = (1, 1, 1)
            return
        }
        centerX = c.x
        centerY = c.y
        unitX = (ax * ax + ay * ay).squareRoot()
        unitY = (ax * by - ay * bx) / unitX
        rotationRadians = atan2(ay, ax)
        cosine = cos(rotationRadians)
        sine = sin(rotationRadians)
        pixelsPerPoint = min(abs(unitX), abs(unitY))
    }

    /// The affine fields as a homography (local points to pixels).
    var affineToPixel: Homography {
        .affine(
            a: unitX * cosine, b: unitX * sine, c: -unitY * sine, d: unitY * cosine, tx: centerX, ty: centerY)
    }

    /// Pixels per point at the pixel (px, py), whose local point is `local`, across the edges of
    /// `field` (a distance in points): `pixelsPerPoint` unless the view is projected.
    @inline(__always) func pixelsPerPoint(
        _ px: Double, _ py: Double, local: (x: Double, y: Double), field: (Double, Double) -> Double
    ) -> Double {
        guard let projection else { return pixelsPerPoint }
        return projection.pixelsPerPoint(px, py, local: local, field: field)
    }

    /// How much of the pixel centred at (px, py), whose local point is `local`, is inside `field`
    /// (a distance in points, negative inside), with the one-pixel antialiasing ramp.
    @inline(__always) func coverage(
        _ px: Double, _ py: Double, local: (x: Double, y: Double), field: (Double, Double) -> Double
    ) -> Double {
        guard let projection else {
            return RefreshFramesRaster.coverage(distance: field(local.x, local.y), pixelsPerPoint: pixelsPerPoint)
        }
        return projection.coverage(px, py, local: local, field: field)
    }

    /// Pixels per point at the pixel (px, py), the same in every direction.
    @inline(__always) func pixelsPerPoint(_ px: Double, _ py: Double, local: (x: Double, y: Double)) -> Double {
        guard let projection else { return pixelsPerPoint }
        return projection.isotropicPixelsPerPoint(px, py, local: local)
    }

    /// A local point (points from the centre) to pixel coordinates.
    func toPixel(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        if let projection {
            let p = projection.pixel(x, y)
            return (p.x, p.y)
        }
        let sx = x * unitX
        let sy = y * unitY
        return (centerX + sx * cosine - sy * sine, centerY + sx * sine + sy * cosine)
    }

    /// A pixel position back to local points.
    func toLocal(_ px: Double, _ py: Double) -> (x: Double, y: Double) {
        if let projection { return projection.local(px, py) }
        let dx = px - centerX
        let dy = py - centerY
        return ((dx * cosine + dy * sine) / unitX, (-dx * sine + dy * cosine) / unitY)
    }

    /// The pixel rectangle covering the local rectangle, grown by `margin` pixels, clipped to the surface.
    func pixelBounds(
        minX: Double, minY: Double, maxX: Double, maxY: Double, margin: Double, clip: (Int, Int)
    ) -> PixelBox? {
        if let projection {
            let corners = [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY)].map { projection.pixel($0.0, $0.1) }
            // A corner behind the eye: the plane reaches the horizon, so any pixel may be on it.
            guard corners.allSatisfy({ $0.w > 0 && $0.x.isFinite && $0.y.isFinite }) else {
                return PixelBox(x0: 0, y0: 0, x1: clip.0, y1: clip.1)
            }
        }
        let corners = [toPixel(minX, minY), toPixel(maxX, minY), toPixel(minX, maxY), toPixel(maxX, maxY)]
        let x0 = max(0, Int((corners.map(\.x).min()! - margin).rounded(.down)))
        let y0 = max(0, Int((corners.map(\.y).min()! - margin).rounded(.down)))
        let x1 = min(clip.0, Int((corners.map(\.x).max()! + margin).rounded(.up)))
        let y1 = min(clip.1, Int((corners.map(\.y).max()! + margin).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelBox(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}

/// A half-open pixel rectangle.
struct PixelBox: Equatable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    init(_ rect: PixelRect) {
        self.init(x0: rect.x, y0: rect.y, x1: rect.x + rect.width, y1: rect.y + rect.height)
    }

    var rect: PixelRect { PixelRect(x: x0, y: y0, width: width, height: height) }

    /// The pixels in both; nil when none are.
    func intersection(_ other: PixelBox) -> PixelBox? {
        let box = PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        return box.width > 0 && box.height > 0 ? box : nil
    }

    func union(_ other: PixelBox?) -> PixelBox {
        guard let other else { return self }
        return PixelBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}
