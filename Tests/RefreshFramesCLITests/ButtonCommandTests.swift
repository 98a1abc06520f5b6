import Foundation
import RefreshFramesCore
import RefreshFramesRaster
import Testing

/// Buttons end to end: `import` of a xib whose buttons have images (an image-only button drawn,
/// not a magenta box; a missing image a warning naming it), goldens recording the buttons' image
/// files, and `swift` writing a custom UIButton. Every image is made here.
struct ButtonCommandTests {
    typealias T = ImageViewCommandTests

    static let xib = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="60"/>
                    <subviews>
                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="custom" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="arrow">
                            <rect key="frame" x="10" y="10" width="40" height="40"/>
                            <state key="normal" image="arrow" backgroundImage="bg.png"/>
                            <state key="selected" image="gone"/>
                        </button>
                        <button opaque="NO" contentMode="scaleToFill" buttonType="custom" translatesAutoresizingMaskIntoConstraints="NO" id="missing">
                            <rect key="frame" x="60" y="10" width="30" height="30"/>
                            <state key="normal" image="nowhere"/>
                        </button>
                    </subviews>
                    <constraints>
                        <constraint firstItem="arrow" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="c1"/>
                        <constraint firstItem="arrow" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="c2"/>
                        <constraint firstItem="missing" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="60" id="c3"/>
                        <constraint firstItem="missing" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="c4"/>
                    </constraints>
                </view>
            </objects>
        </document>
        """#

    /// The image-only button is a button: its background image (a loose file) stretched over IB's
    /// 40 × 40 frame and its catalog image (16 × 16 pt) centred on it; its selected state's image
    /// is not found, a warning names it; a button none of whose images is found stays a placeholder.
    @Test func importDrawsAnImageOnlyButton() throws {
        let dir = try temporaryDirectory()
        let set = dir + "/App/Images.xcassets/arrow.imageset"
        try T.write(try T.png(16, 16, T.blue), set + "/arrow.png")
        try T.write(
            Array(#"{"images": [{"idiom": "universal", "filename": "arrow.png", "scale": "1x"}]}"#.utf8),
            set + "/Contents.json")
        try T.write(try T.png(2, 2, T.green), dir + "/App/Views/bg.png")
        try T.write(Array(Self.xib.utf8), dir + "/App/Views/Header.xib")
        try FileManager.default.createDirectory(atPath: dir + "/.git", withIntermediateDirectories: true)
        let r = try run(["import", "App/Views/Header.xib", "-o", "header.json", "--animation", "none"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "image 'gone' of the selected state not found (looked in App/Images.xcassets and the image files of '.'); left out of button 1"
            ), "\(r.stderr)")
        #expect(
            r.stderr.contains("an image button none of whose images is found; imported as a placeholder with tag 2"),
            "\(r.stderr)")
        let spec = try String(contentsOfFile: dir + "/header.json", encoding: .utf8)
        #expect(
            spec.contains(
                #"{"tag": 1, "kind": "button", "states": {"normal": {"image": "arrow", "backgroundImage": "App/Views/bg.png"}}"#
            ), "\(spec)")
        let frame = try T.frame(dir, at: 0, spec: "header.json", scale: 1)
        #expect(T.pixel(frame, 12, 12) == T.green)  // the background, over the whole 40 × 40 frame at (10, 10)
        #expect(T.pixel(frame, 48, 48) == T.green)
        #expect(T.pixel(frame, 30, 30) == T.blue)  // the image, 16 × 16 at (22, 22)
        #expect(T.pixel(frame, 22, 22) == T.blue)
        #expect(T.pixel(frame, 21, 30) == T.green)
        #expect(T.pixel(frame, 75, 25) == [255, 191, 255, 255])  // the placeholder: 25 % magenta over white
    }

    static func spec(_ view: String) -> String {
        """
        {
          "canvas": {"width": 40, "height": 20, "scale": 1, "background": "#FFFFFF"},
          "views": [{"tag": 1, "kind": "button", \(view)}],
          "constraints": ["1.left == superview.left", "1.top == superview.top", "1.width == 20", "1.height == 10"],
          "scenario": {"refreshAt": 0, "workDuration": 1}
        }

        """
    }

    /// Goldens record a button's images as an image view's, and a changed background image fails
    /// `check` with the hint that names it (the hint comes with differing pixels, so the changed
    /// image is one the frame shows).
    @Test func goldensRecordTheButtonsImages() throws {
        let dir = try temporaryDirectory()
        let bg = try T.png(2, 2, T.red)
        try T.write(bg, dir + "/bg.png")
        try T.write(try T.png(4, 4, T.blue), dir + "/dot.png")
        try Self.spec(#""states": {"normal": {"image": "dot.png", "backgroundImage": "bg.png"}}"#)
            .write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let record = try run(
            ["check", "spec.json", "--golden", "goldens", "--record", "missing", "--at", "0.5"], in: dir)
        #expect(record.status == 0, "\(record.stderr)")
        let manifest = try String(contentsOfFile: dir + "/goldens/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"file\": \"bg.png\",\n      \"hash\": \"\(SHA256.hex(bg))\""), "\(manifest)")
        #expect(manifest.contains("\"file\": \"dot.png\""), "\(manifest)")
        let changed = try T.png(2, 2, T.green)
        try T.write(changed, dir + "/bg.png")
        let check = try run(["check", "spec.json", "--golden", "goldens"], in: dir)
        #expect(check.status == 1)
        #expect(
            (check.stderr + check.stdout).contains(
                "bg.png \(SHA256.hex(bg).prefix(12)) → \(SHA256.hex(changed).prefix(12))"))
    }

    /// A missing button image is one line naming the file and the JSON path, exit 2.
    @Test func aMissingButtonImageIsOneLine() throws {
        let dir = try temporaryDirectory()
        try Self.spec(#""states": {"normal": {"image": "dot.png"}}"#)
            .write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let r = try run(["render", "spec.json", "--at", "0", "-o", "out.png"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("spec.json:3:73: error: views[0].states.normal.image: "), "\(r.stderr)")
        #expect(r.stderr.contains("dot.png"), "\(r.stderr)")
    }

    /// `swift` writes a custom UIButton with each state's content.
    @Test func swiftWritesACustomButton() throws {
        let dir = try temporaryDirectory()
        try T.write(try T.png(4, 4, T.blue), dir + "/arrow.png")
        try T.write(try T.png(2, 2, T.red), dir + "/bg.png")
        try Self.spec(
            ##""states": {"normal": {"title": "Go", "titleColor": "#FF0000", "image": "arrow"}, "highlighted": {"backgroundImage": "bg"}}, "selected": true"##
        ).write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let r = try run(["swift", "spec.json"], in: dir)
        for line in [
            "private let button1 = UIButton(type: .custom)",
            #"button1.setTitle("Go", for: .normal)"#,
            "button1.setTitleColor(.red, for: .normal)",
            #"button1.setImage(UIImage(named: "arrow"), for: .normal)"#,
            #"button1.setBackgroundImage(UIImage(named: "bg"), for: .highlighted)"#,
            "button1.isSelected = true",
        ] {
            #expect(r.stdout.contains(line), "\(line)\n\(r.stdout)\n\(r.stderr)")
        }
    }
}
