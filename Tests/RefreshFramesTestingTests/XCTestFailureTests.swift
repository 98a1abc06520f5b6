import Foundation
import RefreshFramesTesting
import XCTest

/// Called from an XCTest test, `assertFrames` fails the test with XCTest's own failure (Linux's
/// XCTest has no XCTAttachment: the images are in the report directory).
final class XCTestFailureTests: XCTestCase {
    /// Failures recorded while `capturing`, instead of failing this test.
    private var captured: [String] = []
    private var capturing = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard capturing else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append(description)
    }

    func testADifferenceIsAnXCTestFailureNamingTheFrame() throws {
        let dir = try FramesAssertionTests.workspace()
        _ = try FramesAssertionTests.pull(in: dir).run()
        try FramesAssertionTests.edit(dir, #""duration": 0.2,"#, #""duration": 0.3,"#)
        _ = FramesAssertionTests.publicReport
        defer { FramesAssertionTests.removeReport(named: "xctest") }
        capturing = true
        try assertFrames(
            of: dir + "/Refresh.json", at: [0.3, 0.55], named: "xctest", as: [.frames()],
            goldens: dir + "/Goldens/pull")
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertTrue(captured.first?.contains("frame 1 (t=0.55s): ") ?? false, "\(captured)")
        XCTAssertTrue(captured.first?.contains("xctest.frame-001.diff.png") ?? false, "\(captured)")
    }
}
