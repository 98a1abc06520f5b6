import Foundation
import RefreshFramesCore
import RefreshFramesRaster
import Testing

/// Image views end to end: a spec's own image files and asset catalogs rendered by the binary,
/// frame sequences in time, the one-line errors, and `import` of a xib beside its asset catalog.
/// Every image is made here (PNGs through the real encoder, one JPEG through libgd's).
struct ImageViewCommandTests {
    static let red: [UInt8] = [220, 20, 20, 255]
    static let green: [UInt8] = [20, 200, 40, 255]
    static let blue: [UInt8] = [30, 60, 230, 255]

    /// A solid `width` × `height` PNG of `color`.
    static func png(_ width: Int, _ height: Int, _ color: [UInt8]) throws -> [UInt8] {
        try PNGCodec.encode(
            Bitmap(
                width: width, height: height, pixels: Array([[UInt8]](repeating: color, count: width * height).joined())
            ))
    }

    static func write(_ bytes: [UInt8], _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    }

    /// One image view, 20 × 10 pt, at the canvas's top-left corner (40 × 20 pt, white).
    static func spec(_ view: String, top: String = "", scale: Int = 1) -> String {
        """
        {
          "canvas": {"width": 40, "height": 20, "scale": \(scale), "background": "#FFFFFF"},\(top)
          "views": [{"tag": 1, "kind": "image", \(view)}],
          "constraints": ["1.left == superview.left", "1.top == superview.top", "1.width == 20", "1.height == 10"],
          "scenario": {"refreshAt": 0, "workDuration": 1}
        }

        """
    }

    /// The control rendered at `time` as a bitmap.
    static func frame(_ dir: String, at time: Double, spec: String = "spec.json", scale: Int? = nil) throws -> Bitmap {
        let r = try run(
            ["render", spec, "--at", "\(time)", "-o", "out.png"] + (scale.map { ["--scale", "\($0)"] } ?? []), in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        return try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png"))))
    }

    static func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let p = b[x, y]
        return [p.red, p.green, p.blue, p.alpha]
    }

    @Test func aFileImageDrawsItsPixelsAndTheVariantOfTheScale() throws {
        let dir = try temporaryDirectory()
        try Self.write(try Self.png(20, 10, Self.red), dir + "/img/logo.png")
        try Self.write(try Self.png(40, 20, Self.green), dir + "/img/logo@2x.png")
        try Self.spec(#""image": "img/logo.png""#).write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let one = try Self.frame(dir, at: 0)
        #expect(Self.pixel(one, 10, 5) == Self.red)
        #expect(Self.pixel(one, 30, 5) == [255, 255, 255, 255])
        try Self.spec(#""image": "img/logo.png""#, scale: 2).write(
            toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let two = try Self.frame(dir, at: 0)
        #expect(two.width == 80)
        #expect(Self.pixel(two, 20, 10) == Self.green)
        // Its intrinsic size is its point size: no width or height constraint needed.
        let state = try run(["state", "spec.json", "--at", "0"], in: dir)
        #expect(state.stdout.contains(#""frame": [0.0, 0.0, 20.0, 10.0]"#))
        #expect(state.stdout.contains(#""image": "img/logo.png""#))
    }

    @Test func anAssetCatalogsTemplateImageTakesTheTint() throws {
        let dir = try temporaryDirectory()
        let set = dir + "/App/Assets.xcassets/star.imageset"
        try Self.write(try Self.png(20, 10, Self.red), set + "/star.png")
        try Self.write(try Self.png(60, 30, Self.red), set + "/star@3x.png")
        try Self.write(
            Array(
                #"""
                {"images": [{"idiom": "universal", "filename": "star.png", "scale": "1x"},
                            {"idiom": "universal", "scale": "2x"},
                            {"idiom": "universal", "filename": "star@3x.png", "scale": "3x"}],
                 "info": {"author": "xcode", "version": 1},
                 "properties": {"template-rendering-intent": "template"}}
                """#.utf8), set + "/Contents.json")
        try Self.write(
            Array(#"{"info": {"author": "xcode", "version": 1}}"#.utf8), dir + "/App/Assets.xcassets/Contents.json")
        try Self.spec(##""image": "star", "tintColor": "#1E3CE6""##, top: #"  "assets": "App/Assets.xcassets","#)
            .write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        #expect(Self.pixel(try Self.frame(dir, at: 0), 10, 5) == Self.blue)
    }

    /// A spec may name only catalogs inside its own repository (images are read only from there):
    /// one outside is refused at its key, whether or not a view names an image (a Swift program's
    /// UIImage(named:) looks in it too), instead of failing later at each image.
    @Test func anAssetCatalogOutsideTheSpecsRepositoryIsRefusedAtItsKey() throws {
        let dir = try temporaryDirectory()
        try Self.write(
            Array(#"{"info": {"author": "xcode", "version": 1}}"#.utf8), dir + "/app/Assets.xcassets/Contents.json")
        try FileManager.default.createDirectory(atPath: dir + "/specs", withIntermediateDirectories: true)
        try """
        {"canvas": {"width": 100, "height": 60}, "assets": "../app/Assets.xcassets",
         "views": [{"tag": 1, "kind": "view", "backgroundColor": "red"}],
         "constraints": ["1.width == 10", "1.height == 10", "1.top == superview.top", "1.leading == superview.leading"],
         "scenario": {"refreshAt": 0, "workDuration": 1}}
        """.write(toFile: dir + "/specs/spec.json", atomically: true, encoding: .utf8)
        let r = try run(["validate", "spec.json"], in: dir + "/specs")
        #expect(r.status == 2)
        let root = try #require(
            URL(fileURLWithPath: dir + "/specs").resolvingSymlinksInPath().path.removingPercentEncoding)
        #expect(
            r.stderr
                == "spec.json:1:52: error: assets: asset catalog '../app/Assets.xcassets' is outside the spec's repository ('\(root)'); images are read only from inside it (write the spec inside the app's repository)\n"
        )
    }

    @Test func aFrameSequencePlaysAtItsTiming() throws {
        let dir = try temporaryDirectory()
        for (name, color) in [("r", Self.red), ("g", Self.green), ("b", Self.blue)] {
            try Self.write(try Self.png(20, 10, color), dir + "/\(name).png")
        }
        try Self.spec(#""animationImages": ["r.png", "g.png", "b.png"], "animationDuration": 0.3, "animating": true"#)
            .write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        // Frame i of 3 shows during [0.1 i, 0.1 (i + 1)) of each 0.3 s cycle.
        for (time, color) in [(0.05, Self.red), (0.15, Self.green), (0.25, Self.blue), (0.35, Self.red)] {
            #expect(Self.pixel(try Self.frame(dir, at: time), 10, 5) == color, "at \(time) s")
        }
    }

    @Test func textModeShowsABoxWithTheImagesName() throws {
        let dir = try temporaryDirectory()
        try Self.write(try Self.png(20, 10, Self.red), dir + "/logo@2x.png")
        try Self.spec(#""image": "logo@2x.png""#).write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let r = try run(
            [
                "render", "spec.json", "--at", "0", "--format", "ansi", "--ansi", "text", "--cols", "40", "--colors",
                "none",
            ],
            in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("[logo]") || r.stdout.contains("logo"), "\(r.stdout)")
    }

    /// Goldens record the image files' hashes as they record the fonts', and a changed image fails
    /// `check` with a hint that names it.
    @Test func goldensRecordTheImagesAndAChangedOneIsNamed() throws {
        let dir = try temporaryDirectory()
        let logo = try Self.png(20, 10, Self.red)
        try Self.write(logo, dir + "/logo.png")
        try Self.spec(#""image": "logo.png""#).write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let record = try run(
            ["check", "spec.json", "--golden", "goldens", "--record", "missing", "--at", "0.5"], in: dir)
        #expect(record.status == 0, "\(record.stderr)")
        let manifest = try String(contentsOfFile: dir + "/goldens/manifest.json", encoding: .utf8)
        #expect(
            manifest.contains(
                "\"images\": [\n    {\n      \"file\": \"logo.png\",\n      \"hash\": \"\(SHA256.hex(logo))\""))
        #expect(try run(["check", "spec.json", "--golden", "goldens"], in: dir).status == 0)
        let changed = try Self.png(20, 10, Self.green)
        try Self.write(changed, dir + "/logo.png")
        let check = try run(["check", "spec.json", "--golden", "goldens"], in: dir)
        #expect(check.status == 1)
        let hint =
            "images differ from the goldens' manifest (logo.png \(SHA256.hex(logo).prefix(12)) → \(SHA256.hex(changed).prefix(12))): this is the likely cause; check the image's change, then re-record"
        #expect(check.stderr.contains(hint) || check.stdout.contains(hint), "\(check.stdout)\(check.stderr)")
    }

    /// A PNG sequence's frames.json records the image files' hashes as a golden manifest does (after
    /// the fonts, one entry per file read); a spec without images writes no `images` key.
    @Test func aPNGSequencesFramesJSONListsTheImages() throws {
        let dir = try temporaryDirectory()
        let logo = try Self.png(20, 10, Self.red)
        let logo2x = try Self.png(40, 20, Self.green)
        try Self.write(logo, dir + "/img/logo.png")
        try Self.write(logo2x, dir + "/img/logo@2x.png")
        try Self.spec(#""image": "img/logo.png""#).write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let r = try run(["render", "spec.json", "-o", "frames", "--fps", "2"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try String(contentsOfFile: dir + "/frames/frames.json", encoding: .utf8)
        let images = """
              ],
              "images": [
                {"file": "img/logo.png", "sha256": "\(SHA256.hex(logo))"},
                {"file": "img/logo@2x.png", "sha256": "\(SHA256.hex(logo2x))"}
              ],
              "frames": [
            """
        #expect(json.contains(images), "\(json)")
        let plain = try run(
            ["render", repositoryRoot.path + "/samples/marquee.json", "-o", "plain", "--fps", "2"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try !String(contentsOfFile: dir + "/plain/frames.json", encoding: .utf8).contains("\"images\""))
    }

    /// A PNG whose header says `width` × `height`: IHDR, an empty IDAT and IEND, with correct CRCs.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return be(UInt32(data.count)) + body + be(~crc)
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", []) + chunk("IEND", [])
    }

    @Test(arguments: [
        (
            "missing", #""image": "arrow.png""#, [String: [UInt8]](),
            "spec.json:3:50: error: views[0].image: image file 'arrow.png' not found (looked for 'arrow.png', 'arrow@2x.png', 'arrow@3x.png')"
        ),
        (
            "not an image", #""image": "arrow.png""#, ["arrow.png": Array("GIF89a".utf8)],
            "spec.json:3:50: error: views[0].image: image 'arrow.png': 'arrow.png' is not a PNG or JPEG file"
        ),
        (
            "too large", #""animationImages": ["a.png", "huge.png"]"#,
            ["a.png": [], "huge.png": pngHeader(width: 5000, height: 4000)],
            "spec.json:3:70: error: views[0].animationImages[1]: image 'huge.png': 'huge.png' is 5000 × 4000 pixels, over the limit imagePixels = 4096 × 4096"
        ),
        (
            "no catalog", #""image": "arrow""#, [:],
            "spec.json:3:50: error: views[0].image: image 'arrow' names an asset, but the spec has no asset catalogs (\"assets\") and no file 'arrow.png' is beside the spec"
        ),
    ])
    func badImagesAreOneLineNamingTheFileAndPath(
        what: String, view: String, files: [String: [UInt8]], message: String
    ) throws {
        let dir = try temporaryDirectory()
        for (name, bytes) in files {
            try Self.write(bytes.isEmpty ? try Self.png(2, 2, Self.red) : bytes, dir + "/" + name)
        }
        try Self.spec(view).write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        for command in [["validate", "spec.json"], ["render", "spec.json", "--at", "0", "-o", "out.png"]] {
            let r = try run(command, in: dir)
            #expect(r.status == 2, "\(what): \(r.stderr)")
            #expect(r.stderr == message + "\n", "\(what)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        }
    }

    /// A xib's image views with the app's asset catalog and a loose PNG elsewhere in its repository
    /// (as Xcode copies both into the app): the spec names the asset and the catalog, and the file,
    /// and draws them (not magenta boxes); a missing image is a warning and a placeholder.
    @Test func importFindsTheCatalogBesideTheXib() throws {
        let dir = try temporaryDirectory()
        let set = dir + "/App/Images.xcassets/arrow.imageset"
        try Self.write(try Self.png(32, 64, Self.blue), set + "/arrow@2x.png")
        try Self.write(
            Array(#"{"images": [{"idiom": "iphone", "filename": "arrow@2x.png", "scale": "2x"}]}"#.utf8),
            set + "/Contents.json")
        let xib = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="60"/>
                        <subviews>
                            <imageView userInteractionEnabled="NO" contentMode="center" image="arrow" translatesAutoresizingMaskIntoConstraints="NO" id="img">
                                <rect key="frame" x="10" y="14" width="16" height="32"/>
                            </imageView>
                            <imageView userInteractionEnabled="NO" contentMode="scaleToFill" image="logo" translatesAutoresizingMaskIntoConstraints="NO" id="gone">
                                <rect key="frame" x="50" y="10" width="40" height="40"/>
                            </imageView>
                            <imageView userInteractionEnabled="NO" contentMode="scaleToFill" image="dot.png" translatesAutoresizingMaskIntoConstraints="NO" id="dot">
                                <rect key="frame" x="90" y="26" width="8" height="8"/>
                            </imageView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="img" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="c1"/>
                            <constraint firstItem="img" firstAttribute="centerY" secondItem="root" secondAttribute="centerY" id="c2"/>
                            <constraint firstItem="gone" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="50" id="c3"/>
                            <constraint firstItem="gone" firstAttribute="centerY" secondItem="root" secondAttribute="centerY" id="c4"/>
                            <constraint firstItem="dot" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="90" id="c5"/>
                            <constraint firstItem="dot" firstAttribute="centerY" secondItem="root" secondAttribute="centerY" id="c6"/>
                        </constraints>
                    </view>
                </objects>
                <resources>
                    <image name="logo" width="40" height="40"/>
                </resources>
            </document>
            """#
        try Self.write(Array(xib.utf8), dir + "/App/Views/Header.xib")
        try Self.write(try Self.png(16, 16, Self.green), dir + "/App/Resources/dot@2x.png")
        try FileManager.default.createDirectory(atPath: dir + "/.git", withIntermediateDirectories: true)
        let r = try run(["import", "App/Views/Header.xib", "-o", "header.json", "--animation", "none"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("wrote header.json: 3 frames solved and match Interface Builder's"), "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "image 'logo' not found (looked in App/Images.xcassets and the image files of '.'); imported as a placeholder with tag 2"
            ), "\(r.stderr)")
        let spec = try String(contentsOfFile: dir + "/header.json", encoding: .utf8)
        #expect(spec.contains(#""assets": ["App/Images.xcassets"],"#))
        #expect(spec.contains(#"{"tag": 1, "kind": "image", "image": "arrow", "contentMode": "center"}"#), "\(spec)")
        #expect(spec.contains(#"{"tag": 3, "kind": "image", "image": "App/Resources/dot.png"}"#), "\(spec)")
        let frame = try Self.frame(dir, at: 0, spec: "header.json", scale: 1)
        #expect(Self.pixel(frame, 18, 30) == Self.blue)  // the arrow, 16 × 32 pt at (10, 14)
        #expect(Self.pixel(frame, 70, 30) == [255, 191, 255, 255])  // the placeholder: 25 % magenta over white
        #expect(Self.pixel(frame, 94, 30) == Self.green)  // the dot, 8 × 8 pt at (90, 26)
    }

    /// The search's edge: two catalogs of the repository hold `arrow`, and two folders a loose `dot`.
    /// The nearer (more path components shared with the xib's directory) wins though the walk meets
    /// the other first (`AKit` sorts before `App`), and the warning names the other.
    @Test func twoImagesOfOneNameTheNearestWinsAndTheWarningNamesTheOther() throws {
        let dir = try temporaryDirectory()
        for (catalog, color) in [("AKit/Assets.xcassets", Self.red), ("App/Assets.xcassets", Self.blue)] {
            let set = dir + "/\(catalog)/arrow.imageset"
            try Self.write(try Self.png(16, 32, color), set + "/arrow.png")
            try Self.write(
                Array(#"{"images": [{"idiom": "universal", "filename": "arrow.png", "scale": "1x"}]}"#.utf8),
                set + "/Contents.json")
        }
        try Self.write(try Self.png(16, 16, Self.red), dir + "/AKit/dot@2x.png")
        try Self.write(try Self.png(8, 8, Self.green), dir + "/App/Views/dot.png")
        let xib = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="60"/>
                        <subviews>
                            <imageView userInteractionEnabled="NO" contentMode="center" image="arrow" translatesAutoresizingMaskIntoConstraints="NO" id="img">
                                <rect key="frame" x="10" y="14" width="16" height="32"/>
                            </imageView>
                            <imageView userInteractionEnabled="NO" contentMode="scaleToFill" image="dot.png" translatesAutoresizingMaskIntoConstraints="NO" id="dot">
                                <rect key="frame" x="90" y="26" width="8" height="8"/>
                            </imageView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="img" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="c1"/>
                            <constraint firstItem="img" firstAttribute="centerY" secondItem="root" secondAttribute="centerY" id="c2"/>
                            <constraint firstItem="dot" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="90" id="c5"/>
                            <constraint firstItem="dot" firstAttribute="centerY" secondItem="root" secondAttribute="centerY" id="c6"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """#
        try Self.write(Array(xib.utf8), dir + "/App/Views/Header.xib")
        try FileManager.default.createDirectory(atPath: dir + "/.git", withIntermediateDirectories: true)
        let r = try run(["import", "App/Views/Header.xib", "-o", "header.json", "--animation", "none"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "image 'arrow' is in App/Assets.xcassets, the nearest the document, which is used; also in AKit/Assets.xcassets"
            ), "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "image 'dot.png' is in App/Views/dot.png, the nearest the document, which is used; also in AKit/dot.png"
            ), "\(r.stderr)")
        let spec = try String(contentsOfFile: dir + "/header.json", encoding: .utf8)
        #expect(spec.contains(#""assets": ["App/Assets.xcassets", "AKit/Assets.xcassets"],"#), "\(spec)")
        #expect(spec.contains(#""image": "App/Views/dot.png""#), "\(spec)")
        let frame = try Self.frame(dir, at: 0, spec: "header.json", scale: 1)
        #expect(Self.pixel(frame, 18, 30) == Self.blue)  // App's arrow, not AKit's red one
        #expect(Self.pixel(frame, 94, 30) == Self.green)  // App/Views' dot, not AKit's
    }
}
