import Foundation
import RefreshFrames
import RefreshFramesCompare
import RefreshFramesCore
import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// Checks the spec at `spec` against its goldens, as `refresh-frames check` does, and records an
/// issue for each difference: the frame and the instant, the figures, and the golden, actual and
/// diff images attached (Swift Testing) and written to the report directory
/// (`REFRESH_FRAMES_REPORT`, default `refresh-frames-report`).
///
/// - `spec`, `goldens`: relative to the calling test file's directory unless absolute; the goldens
///   are by default `Goldens/NAME` there, NAME being `name` or the spec's file name.
/// - `times`: the instants, in seconds (nil: the recorded ones, else six across the scenario).
/// - `snapshotting`: `.semantic` (timeline.txt, states.json), `.frames(…)` (frame-NNN.png), or both.
/// - `record`: nil records missing goldens (or `REFRESH_FRAMES_RECORD`'s mode); on CI nothing is
///   ever recorded. A recording fails the test until it runs again against what was recorded.
/// - `now`: the clock `{now:…}` texts show (nil: the goldens' manifest's, else `SOURCE_DATE_EPOCH`,
///   else the real clock).
///
/// Throws when the check cannot run at all: a spec that does not load, goldens that cannot be read.
public func assertFrames(
    of spec: String, at times: [Double]? = nil, named name: String? = nil,
    as snapshotting: [Snapshotting] = [.semantic, .frames()], record: RecordMode? = nil, goldens: String? = nil,
    now: Int64? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    let assertion = FramesAssertion(
        spec: spec, at: times, named: name, as: snapshotting, record: record, goldens: goldens, now: now,
        relativeTo: caller.directory, environment: ProcessInfo.processInfo.environment)
    for failure in try assertion.run() { caller.report(failure) }
}

/// Every view's state at `time` in the spec at `spec` (relative to the calling test file's directory
/// unless absolute): what `refresh-frames state SPEC --at TIME` prints, as values.
public func states(
    of spec: String, at time: Double, now: Int64? = nil, filePath: StaticString = #filePath
) throws -> FrameState {
    try animation(spec, now: now, filePath: filePath).state(at: time)
}

/// Every view's state at each of `times`.
public func states(
    of spec: String, at times: [Double], now: Int64? = nil, filePath: StaticString = #filePath
) throws -> [FrameState] {
    let animation = try animation(spec, now: now, filePath: filePath)
    return times.map(animation.state(at:))
}

private func animation(_ spec: String, now: Int64?, filePath: StaticString) throws -> RefreshAnimation {
    let directory = Caller(fileID: #fileID, filePath: filePath, line: 0, column: 0).directory
    let path = spec.hasPrefix("/") ? spec : (directory as NSString).appendingPathComponent(spec)
    return try RefreshAnimation(contentsOf: path, now: now)
}

/// Where an assertion was called from, and how its failures are reported there: Swift Testing's
/// issues and attachments inside a Swift Testing test, XCTest's failures otherwise.
struct Caller {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt

    /// The calling file's directory, which relative paths start from.
    var directory: String { FilePath.directory(of: "\(filePath)") }

    func report(_ failure: FramesAssertion.Failure) {
        if Test.current != nil {
            let location = SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
            for attachment in failure.attachments {
                Attachment.record(attachment.bytes, named: attachment.name, sourceLocation: location)
            }
            Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
            return
        }
        #if canImport(XCTest)
            #if canImport(Darwin)
                // Untried: XCTAttachment exists in Apple's XCTest only (not in swift-corelibs-xctest);
                // on Linux the report directory holds the images.
                XCTContext.runActivity(named: failure.message) { activity in
                    for file in failure.attachments {
                        let attachment = XCTAttachment(data: Data(file.bytes), uniformTypeIdentifier: "public.png")
                        attachment.name = file.name
                        attachment.lifetime = .keepAlways
                        activity.add(attachment)
                    }
                }
            #endif
            XCTFail(failure.message, file: filePath, line: line)
        #endif
    }
}
