import CGD
import Foundation
import RefreshFramesCore

extension FontBook {
    /// Every font family fontconfig knows, in every name it lists (e.g. "WenQuanYi Micro Hei", "文泉驿微米黑").
    package static let installedFamilies: Set<String> = {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, FC_FAMILY)
        guard let list = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var families: Set<String> = []
        for i in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[i] else { continue }
            var index: Int32 = 0
            var value: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(font, FC_FAMILY, index, &value) == FcResultMatch, let value {
                families.insert(String(cString: value))
                index += 1
            }
        }
        return families
    }()

    /// The most files `registerIOSFonts(in:)` looks at (iOS's own /System/Library/Fonts holds about 300).
    package static let maxIOSFontFiles = 5_000

    /// The iOS family a font file of this family name draws, if it is one of iOS's: any of
    /// `IOSFont.all` by name, but `System` only from San Francisco's iOS cuts (`SF Pro Text`,
    /// `SF UI Display`…), not macOS's `System Font`/`.SF NS`, whose metrics differ from iOS's.
    static func iOSFamily(drawnBy family: String) -> String? {
        guard let match = IOSFont.match(family) else { return nil }
        if match.font.family == "System" {
            let compact = AppFace.key(family)
            return compact.hasPrefix("sfpro") || compact.hasPrefix("sfui") ? "System" : nil
        }
        return match.font.family
    }

    /// Whether fontconfig has a family of this name (case-insensitive).
    package static func isInstalled(family: String) -> Bool {
        let lowered = family.lowercased()
        return installedFamilies.contains { $0.lowercased() == lowered }
    }
}
