import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesSwiftGen

/// `swift` writes `layer.shadowPath` as UIKit code makes it: each shape of the spec's `set` as the
/// UIBezierPath initialiser the spec's table names, `.cgPath`, and `"none"` as `nil`. The shim plays
/// the class back (`ShadowPathShim`, and `shadow-path.json` in the round trip).
@Suite struct ShadowPathSwiftTests {
    static func spec(_ set: String) -> String {
        """
        {"canvas": {"width": 100, "height": 60, "scale": 1}, "views": [{"tag": 1, "kind": "view"}],
         "constraints": ["1.left == superview.left", "1.top == superview.top", "1.width == 20", "1.height == 20"],
         "program": {"cycle": [{"animate": {"views": [1], "duration": 1, "set": {"alpha": 0.5, \(set)}}}]},
         "scenario": {"refreshAt": 0, "workDuration": 2, "controlHeight": 60}}
        """
    }

    static func generate(_ json: String) throws -> String {
        let bytes = Array(json.utf8)
        return try SwiftGenerator.generate(
            try Spec.decode(bytes), specName: "x.json", specBytes: bytes, typeName: "XRefreshView")
    }

    /// The lines the generator writes for the path (the assignment broken after `=`, as
    /// swift-format breaks a long one), their indentation left out.
    @Test(arguments: [
        (#"{"rect": [1, 2, 3, 4]}"#, "UIBezierPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgPath"),
        (
            #"{"roundedRect": [0, 0, 20, 20], "cornerRadius": 30}"#,
            "UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 30).cgPath"
        ),
        (
            #"{"ellipse": [-2, 4, 24, 12.5]}"#,
            "UIBezierPath(ovalIn: CGRect(x: -2, y: 4, width: 24, height: 12.5)).cgPath"
        ),
    ])
    func eachShapeIsItsUIBezierPath(_ path: String, _ expression: String) throws {
        let source = try Self.generate(Self.spec(#""shadowOpacity": 1, "shadowPath": \#(path)"#))
        let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(lines.firstIndex { $0.hasSuffix("layer.shadowPath =") }, "\(source)")
        #expect(lines[start + 1] == expression)
    }

    @Test func noneIsNil() throws {
        let source = try Self.generate(Self.spec(#""shadowOpacity": 1, "shadowPath": "none""#))
        #expect(source.split(separator: "\n").contains { $0.hasSuffix("layer.shadowPath = nil") }, "\(source)")
    }
}
