/// Why a golden check could not be carried out (as opposed to a check that ran and failed).
package enum CompareError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `manifest.json` is not valid; the reason names the field.
    case invalidManifest(path: String, reason: String)
    /// A sample has no golden and recording is off.
    case missingGolden(name: String, path: String)
    /// A golden file no sample produces.
    case orphanGolden(path: String)
    /// An image file could not be read or decoded.
    case unreadableImage(path: String, reason: String)
    /// Recording was requested for a run whose goldens cannot be written.
    case cannotWrite(path: String, reason: String)
    /// A golden file that is not what its kind expects.
    case invalidGolden(path: String, reason: String)
    /// A golden that is not a regular file inside the golden directory, or is too large to read.
    case unsafeGolden(path: String, reason: String)
    /// Specs or a shard the command line asks for that no run can satisfy: the message says why.
    case invalidRun(String)

    package var description: String {
        switch self {
        case .invalidManifest(let path, let reason):
            "golden manifest '\(path)' is invalid: \(reason)"
        case .missingGolden(let name, let path):
            "no golden for \(name) at '\(path)': record it with '--record missing' (CI never records on its own)"
        case .orphanGolden(let path):
            "golden '\(path)' belongs to no sample: delete it or re-record with '--record all'"
        case .unreadableImage(let path, let reason):
            "cannot read image '\(path)': \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .invalidGolden(let path, let reason), .unsafeGolden(let path, let reason):
            "\(path): error: \(reason)"
        case .invalidRun(let message):
            message
        }
    }
}
