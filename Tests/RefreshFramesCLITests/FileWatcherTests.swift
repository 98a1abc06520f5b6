import Foundation
import RefreshFramesCommandLine
import RefreshFramesCore
import RefreshFramesRaster
import Testing

@testable import RefreshFramesCLI

/// `preview --watch` notices saves of the spec and of the font files it names, and a saved font
/// file is read again.
struct FileWatcherTests {
    /// Replaces `path` the way editors save: a new file renamed over the old one.
    static func save(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path + ".tmp"))
        #expect(rename(path + ".tmp", path) == 0)
    }

    @Test func noticesAWriteAndARenameOverEveryFile() throws {
        let dir = try temporaryDirectory()
        let spec = dir + "/s.json"
        let font = dir + "/brand.ttf"
        try Self.save(Array("{}".utf8), to: spec)
        try Self.save([1, 2, 3], to: font)
        var watcher = FileWatcher(paths: [spec, font])
        func changed() -> Bool { watcher.changed() }
        #expect(!changed())
        let handle = try #require(FileHandle(forWritingAtPath: font))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([4]))
        try handle.close()
        #expect(changed(), "the font file grew")
        #expect(!changed(), "told once")
        try Self.save([9, 9, 9, 9], to: font)
        #expect(changed(), "same size, a new file renamed over it")
        try Self.save(Array("[]".utf8), to: spec)
        #expect(changed(), "the spec")
        #expect(unlink(font) == 0)
        #expect(changed(), "the font file is gone")
        watcher.watch([spec])
        try Self.save([1], to: font)
        #expect(!changed(), "no longer watched")
    }

    /// The files of a loaded spec: itself and its `"fonts"`, relative to its directory.
    @Test func aSpecsFilesAreItselfAndItsFonts() throws {
        let dir = try temporaryDirectory()
        try FontFixture.write(to: dir + "/brand.ttf")
        let spec = dir + "/s.json"
        try Data(FontFileTests.brandSpec(fonts: #""fonts": ["brand.ttf"],"#).utf8).write(
            to: URL(fileURLWithPath: spec))
        #expect(try SpecLoader.load(spec, now: 0).sourceFiles == [spec, dir + "/brand.ttf"])
        #expect(try SpecLoader.load(nil, now: 0).sourceFiles == [])
    }

    /// A font file saved anew under the same name: measured from the old face until the book
    /// reloads it, then from the new one.
    @Test func aSavedFontFileIsReadAgainAfterReload() throws {
        let dir = try temporaryDirectory()
        let path = dir + "/brand.ttf"
        let font = FontSpec(family: FontFixture.family, size: 20)
        let sans = FontFixture.renamed(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))))
        let mono = FontFixture.renamed(
            [UInt8](
                try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"))))
        let book = FontBook(emoji: nil)
        try Self.save(sans, to: path)
        try book.register(fontFile: path)
        let before = try book.measure("iiiii", font: font).width
        try Self.save(mono, to: path)
        #expect(try book.measure("iiiii", font: font).width == before, "cached until reloaded")
        book.reload(fontFiles: [path])
        try book.register(fontFile: path)
        let after = try book.measure("iiiii", font: font).width
        let fresh = FontBook(emoji: nil)
        try fresh.register(fontFile: path)
        #expect(after == (try fresh.measure("iiiii", font: font).width))
        #expect(after > before * 1.5, "monospaced i is over twice as wide: \(before) → \(after)")
    }
}
