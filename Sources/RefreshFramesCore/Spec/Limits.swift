/// The explicit limits on what a spec and a run may ask for. Hitting one is reported by its name
/// (`… over the limit canvasPoints = 4096`), so CI on untrusted specs stays bounded in time and
/// memory. `table` is the one list of them: docs/spec.md's table is checked against it.
package enum Limits {
    package static let specBytes = 4 << 20
    package static let jsonDepth = 64
    package static let canvasPoints = 4096.0
    package static let scale = 4.0
    package static let views = 256
    package static let constraints = 4096
    package static let inequalities = 256
    package static let layoutExtent = 100_000.0
    package static let programDepth = 8
    package static let stepDuration = 600.0
    package static let scenarioDuration = 600.0
    package static let totalDuration = 600.0
    package static let pullKeyframes = 1000
    package static let textLength = 200
    package static let fontSize = 500.0
    package static let animationBlocks = 100_000
    package static let animationSegments = 250_000
    /// Frames in one render: 1000 s at 50 fps; 30 000 keeps memory flat.
    package static let frames = 50_000
    package static let pixelsPerFrame = 4096 * 4096
    /// Frame buffers in flight: 4 bytes a pixel × (4 per thread + 4) × 2.
    package static let memoryBytes = 2 << 30
    package static let checkFrames = 2000
    /// Element nesting in an imported xib; libxml2 refuses deeper documents itself.
    package static let xmlDepth = 256
    /// Image files a spec names (every variant of every image and frame counts).
    package static let images = 1024
    /// One image file's size.
    package static let imageBytes = 16 << 20
    /// All of a spec's image files together.
    package static let imagesBytes = 64 << 20
    /// One image's width × height in pixels, read from its header before it is decoded.
    package static let imagePixels = 4096 * 4096
    /// Every image's pixels together, decoded (4 bytes each: 256 MiB).
    package static let imagesPixels = 64 << 20

    /// One limit as the docs list it.
    package struct Entry: Sendable, Equatable {
        package var name: String
        package var value: String
        package var bounds: String
    }

    package static let table: [Entry] = [
        Entry(name: "specBytes", value: "\(specBytes >> 20) MiB", bounds: "spec file size"),
        Entry(name: "jsonDepth", value: "\(jsonDepth)", bounds: "JSON nesting"),
        Entry(name: "canvasPoints", value: formatNumber(canvasPoints), bounds: "canvas width/height (points)"),
        Entry(name: "scale", value: formatNumber(scale), bounds: "pixels per point (spec and `--scale`)"),
        Entry(name: "views", value: "\(views)", bounds: "views (labels); tags in a `{from,to}` range"),
        Entry(name: "textLength", value: "\(textLength)", bounds: "characters per label text"),
        Entry(name: "fontSize", value: formatNumber(fontSize), bounds: "font size (points)"),
        Entry(name: "constraints", value: "\(constraints)", bounds: "entries in `constraints`"),
        Entry(
            name: "inequalities", value: "\(inequalities)",
            bounds: "entries in `constraints` that are inequalities (`<=`, `>=`) or optional (priority below 1000)"),
        Entry(
            name: "layoutExtent", value: grouped(Int(layoutExtent)),
            bounds:
                "every solved edge and size (points from the canvas origin); a constant or multiplier that pushes a view further is an error"
        ),
        Entry(name: "programDepth", value: "\(programDepth)", bounds: "nesting of `each`"),
        Entry(name: "stepDuration", value: "\(formatNumber(stepDuration)) s", bounds: "one step's duration and delay"),
        Entry(
            name: "scenarioDuration", value: "\(formatNumber(scenarioDuration)) s",
            bounds: "workDuration, refreshAt, pull times, `duration`, `--at`/`--from`/`--to`"),
        Entry(
            name: "totalDuration", value: "\(formatNumber(totalDuration)) s",
            bounds: "the whole timeline until everything is at rest"),
        Entry(name: "pullKeyframes", value: "\(pullKeyframes)", bounds: "keyframes in `scenario.pull`"),
        Entry(
            name: "animationBlocks", value: grouped(animationBlocks),
            bounds: "animation blocks run before the refresh ends"),
        Entry(name: "animationSegments", value: grouped(animationSegments), bounds: "property animations in total"),
        Entry(name: "frames", value: grouped(frames), bounds: "frames in one render (1000 s at 50 fps)"),
        Entry(name: "pixelsPerFrame", value: "4096 × 4096", bounds: "frame width × height in pixels"),
        Entry(
            name: "memory", value: "\(memoryBytes >> 20) MiB",
            bounds: "frame buffers in flight; a render over it is refused before it starts"),
        Entry(name: "checkFrames", value: "\(checkFrames)", bounds: "frames in one `check`"),
        Entry(name: "xmlDepth", value: "\(xmlDepth)", bounds: "element nesting in an imported .xib or .storyboard"),
        Entry(
            name: "images", value: "\(images)",
            bounds: "image files a spec names (each variant and each frame of a sequence counts)"),
        Entry(name: "imageBytes", value: "\(imageBytes >> 20) MiB", bounds: "one image file's size"),
        Entry(name: "imagesBytes", value: "\(imagesBytes >> 20) MiB", bounds: "a spec's image files together"),
        Entry(
            name: "imagePixels", value: "4096 × 4096",
            bounds: "one image's width × height, from its header, before it is decoded"),
        Entry(
            name: "imagesPixels", value: "64 Mi",
            bounds: "every image's pixels together, decoded (4 bytes each)"),
        Entry(
            name: "host rows / sections / updates", value: "\(tableRows) / \(tableSections) / \(tableUpdates)",
            bounds: "the scene's table ([scene.md](scene.md))"),
    ]

    /// `table` as the Markdown table docs/spec.md shows.
    package static var markdownTable: String {
        (["| name | value | bounds |", "|---|---|---|"] + table.map { "| \($0.name) | \($0.value) | \($0.bounds) |" })
            .joined(separator: "\n") + "\n"
    }

    /// `100 000`: thousands separated by a space, as the docs write them.
    private static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: " ")
    }
}
