import CGD

/// A libgd truecolor image. The struct shares one owner object whose deinit destroys the image.
struct GDImage {
    private final class Owner {
        let pointer: gdImagePtr
        init(_ pointer: gdImagePtr) { self.pointer = pointer }
        deinit { gdImageDestroy(pointer) }
    }

    private let owner: Owner

    var pointer: gdImagePtr { owner.pointer }
    var width: Int { Int(cgd_sx(owner.pointer)) }
    var height: Int { Int(cgd_sy(owner.pointer)) }

    /// A new truecolor image, every pixel fully transparent, alpha blending off and alpha saved.
    init(width: Int, height: Int) throws {
        GDRuntime.prepare()
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw RasterError.imageAllocationFailed(width: width, height: height, reason: "the size must be positive")
        }
        cgd_clear_last_message()
        guard let im = gdImageCreateTrueColor(Int32(width), Int32(height)) else {
            throw RasterError.imageAllocationFailed(width: width, height: height, reason: GDRuntime.lastMessage)
        }
        owner = Owner(im)
        gdImageAlphaBlending(im, 0)
        gdImageSaveAlpha(im, 1)
        cgd_fill(im, cgd_truecolor_alpha(0, 0, 0, gdAlphaTransparent))
    }

    /// Takes ownership of an image gd returned; converts palette images to truecolor.
    init(adopting im: gdImagePtr) {
        if cgd_is_truecolor(im) == 0 { gdImagePaletteToTrueColor(im) }
        owner = Owner(im)
    }

    /// Row `y` of packed gd pixels (7-bit inverted alpha in the top byte).
    func row(_ y: Int) -> UnsafeMutablePointer<Int32>? { cgd_row(owner.pointer, Int32(y)) }
}

/// Process-wide libgd set-up, done once before any thread draws.
enum GDRuntime {
    private static let once: Void = {
        gdFontCacheSetup()
        _ = gdFTUseFontConfig(1)
        cgd_install_error_handler()
    }()

    static func prepare() { _ = once }

    /// Closes the fonts libgd keeps open by file name, so a file saved anew is read again.
    /// Only while no thread draws.
    static func reopenFonts() {
        prepare()
        gdFontCacheShutdown()
        gdFontCacheSetup()
    }

    /// The last message gd reported on this thread, without its trailing newline.
    static var lastMessage: String {
        var text = String(cString: cgd_last_error_message())
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
