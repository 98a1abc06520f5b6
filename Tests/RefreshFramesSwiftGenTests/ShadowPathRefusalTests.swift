import Foundation
import RefreshFramesCore
import Testing

@testable import RefreshFramesSwiftGen

/// `swift` refuses a spec that sets `layer.shadowPath`, naming the JSON path: the UIKit shim the
/// generated code is checked against has no UIBezierPath yet. The same spec without it is written.
@Suite struct ShadowPathRefusalTests {
    static func spec(_ set: String) -> String {
        """
        {"canvas": {"width": 100, "height": 60, "scale": 1}, "views": [{"tag": 1, "kind": "view"}],
         "constraints": ["1.left == superview.left", "1.top == superview.top", "1.width == 20", "1.height == 20"],
         "program": {"cycle": [{"animate": {"views": [1], "duration": 1, "set": {"alpha": 0.5, \(set)}}}]},
         "scenario": {"refreshAt": 0, "workDuration": 2, "controlHeight": 60}}
        """
    }

    static func generate(_ json: String) throws(SpecDiagnostic) -> String {
        let bytes = Array(json.utf8)
        return try SwiftGenerator.generate(
            try Spec.decode(bytes), specName: "x.json", specBytes: bytes, typeName: "XRefreshView")
    }

    @Test func aShadowPathIsRefusedWithItsPath() throws {
        var found: SpecDiagnostic?
        do {
            _ = try Self.generate(Self.spec(#""shadowOpacity": 1, "shadowPath": {"ellipse": [0, 0, 20, 20]}"#))
        } catch { found = error }
        #expect(found?.path == "program.cycle[0].animate.set.shadowPath")
        #expect(
            found?.message
                == "layer.shadowPath is not written as Swift yet (the UIKit shim the code is checked against has no UIBezierPath); render the spec, or leave shadowPath out for 'swift'"
        )
        #expect(try Self.generate(Self.spec(#""shadowOpacity": 1"#)).contains("shadowOpacity"))
    }
}
