/// When goldens are (re)written instead of compared.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Compare only; a missing golden is a failure.
    case never
    /// Write goldens that do not exist yet, compare the rest.
    case missing
    /// Overwrite every golden.
    case all
    /// Compare, and overwrite (or write) only the goldens that fail.
    case failed

    /// The variable a developer may set to record without a flag; ignored on CI.
    package static let environmentVariable = "REFRESH_FRAMES_RECORD"

    /// The mode a run uses. An explicit request (a flag) always wins. Otherwise the default is
    /// `.never`; outside CI `REFRESH_FRAMES_RECORD=missing|all` may ask for recording, but when
    /// `CI` is set (to anything but empty, `0` or `false`) nothing records unless explicitly requested.
    package static func effective(requested: RecordMode?, environment: [String: String]) -> RecordMode {
        if let requested { return requested }
        if isCI(environment) { return .never }
        return environment[environmentVariable].flatMap(RecordMode.init(rawValue:)) ?? .never
    }

    /// Whether `CI` is set to something other than empty, `0` or `false`.
    package static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// Whether a golden is written rather than compared.
    package func records(goldenExists: Bool) -> Bool {
        switch self {
        case .never: false
        case .missing, .failed: !goldenExists
        case .all: true
        }
    }
}
