import Foundation

/// A font file whose family no machine has: DejaVu Sans (fonts-dejavu-core, installed by
/// scripts/setup) with a new `name` table appended and pointed to, so fontconfig knows its glyphs
/// only under their own names and this family only by path.
package enum FontFixture {
    package static let family = "RefreshFrames Brand"
    package static let source = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Writes the renamed font (`source`, DejaVu Sans, unless another is given) to `path` and returns
    /// its bytes.
    @discardableResult
    package static func write(to path: String, from font: String = source) throws -> [UInt8] {
        let bytes = renamed([UInt8](try Data(contentsOf: URL(fileURLWithPath: font))))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return bytes
    }

    /// `font` with its `name` table replaced by one naming `family` Regular.
    package static func renamed(_ font: [UInt8]) -> [UInt8] {
        func u16(_ at: Int) -> Int { Int(font[at]) << 8 | Int(font[at + 1]) }
        var out = font
        while out.count % 4 != 0 { out.append(0) }
        let tableOffset = out.count
        let name = nameTable()
        out += name
        for i in 0..<u16(4) {
            let record = 12 + 16 * i
            guard String(decoding: font[record..<record + 4], as: UTF8.self) == "name" else { continue }
            put32(&out, record + 8, UInt32(tableOffset))
            put32(&out, record + 12, UInt32(name.count))
        }
        return out
    }

    private static func nameTable() -> [UInt8] {
        let names: [(id: UInt16, text: String)] = [
            (1, family), (2, "Regular"), (4, family + " Regular"), (6, "RefreshFramesBrand-Regular"),
        ]
        var strings: [UInt8] = []
        var records: [UInt8] = []
        for (id, text) in names {
            let encoded = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            for value in [3, 1, 0x409, id, UInt16(encoded.count), UInt16(strings.count)] as [UInt16] {
                records += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
            strings += encoded
        }
        let header: [UInt16] = [0, UInt16(names.count), UInt16(6 + records.count)]
        return header.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } + records + strings
    }

    private static func put32(_ bytes: inout [UInt8], _ at: Int, _ value: UInt32) {
        for k in 0..<4 { bytes[at + k] = UInt8((value >> (24 - 8 * UInt32(k))) & 0xFF) }
    }
}
