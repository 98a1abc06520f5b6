import CGD
import Foundation

extension FontBook {
    /// Draws `text` with FreeType directly, for the characters gd cannot address: its UTF-8 reader
    /// stops at 3-byte sequences and its "&#…;" reader at 5 digits, so nothing beyond U+FFFF reaches
    /// FreeType through gd. Same FreeType, same hinting and antialiasing as gd's own path.
    /// - Parameters:
    ///   - angle: radians, counter-clockwise on screen (gd's convention).
    ///   - originX, originY: the baseline start in `coverage`'s pixel grid.
    ///   - synthetic: bold or oblique the face lacks (gd cannot draw them; FreeType can).
    func rasterize(
        _ text: String, file: String, index: Int = 0, pixelSize: Double, angle: Double, originX: Double,
        originY: Double,
        synthetic: SyntheticStyle = .none, into coverage: inout [Float], width: Int, height: Int
    ) throws {
        try withFace(file, index: index) { face in
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0 else { return }
            // The slant applies before the rotation: rotation × shear.
            let shear = synthetic.oblique ? SyntheticStyle.shear : 0
            var matrix = FT_Matrix(
                xx: FT_Fixed((cos(angle) * 65536).rounded()),
                xy: FT_Fixed(((cos(angle) * shear - sin(angle)) * 65536).rounded()),
                yx: FT_Fixed((sin(angle) * 65536).rounded()),
                yy: FT_Fixed(((sin(angle) * shear + cos(angle)) * 65536).rounded()))
            FT_Set_Transform(face, &matrix, nil)
            defer { FT_Set_Transform(face, nil, nil) }
            var penX = originX
            var penY = originY
            for scalar in text.unicodeScalars {
                let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
                guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_BITMAP)) == 0, let loaded = face.pointee.glyph
                else { continue }
                if synthetic.bold, loaded.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                    _ = FT_Outline_Embolden(&loaded.pointee.outline, FT_Pos((pixelSize * 64 / 24).rounded()))
                }
                guard FT_Render_Glyph(loaded, FT_RENDER_MODE_NORMAL) == 0, let slot = face.pointee.glyph else {
                    continue
                }
                let bitmap = slot.pointee.bitmap
                let left = Int(penX.rounded()) + Int(slot.pointee.bitmap_left)
                let top = Int(penY.rounded()) - Int(slot.pointee.bitmap_top)
                if let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
                    for row in 0..<Int(bitmap.rows) {
                        let y = top + row
                        guard y >= 0, y < height else { continue }
                        for column in 0..<Int(bitmap.width) {
                            let x = left + column
                            guard x >= 0, x < width else { continue }
                            let value = Float(buffer[row * Int(bitmap.pitch) + column]) / 255
                            let i = y * width + x
                            if value > coverage[i] { coverage[i] = value }
                        }
                    }
                }
                penX += Double(slot.pointee.advance.x) / 64
                penY -= Double(slot.pointee.advance.y) / 64
            }
        }
    }
}
