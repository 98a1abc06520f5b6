import RefreshFramesCommandLine
import RefreshFramesCompare

/// A golden set being recorded: the directory's lock, then the new set assembled beside it and
/// put in place as a unit by `finish()` (see `GoldenSetWriter`). Interrupted, it leaves the old set.
final class GoldenRecording: @unchecked Sendable {
    private let writer: GoldenSetWriter

    /// Takes the lock; a concurrent recording of the same directory fails here.
    init(directory: String) throws(CLIError) {
        do {
            writer = try GoldenSetWriter(directory: directory)
        } catch {
            throw Self.failure(error)
        }
        TemporaryFiles.shared.add(writer.stagingPath)
        TemporaryFiles.shared.add(writer.lockPath)
    }

    /// Called from one thread at a time: the check records in order.
    func write(_ bytes: [UInt8], _ file: String) throws(CLIError) {
        do { try writer.write(bytes, name: file) } catch { throw Self.failure(error) }
    }

    /// Puts the new set in place, or leaves the old one when nothing was recorded.
    func finish() throws(CLIError) {
        // From here the staging path may hold the old set: an interrupt must not remove it wholesale.
        TemporaryFiles.shared.remove(writer.stagingPath)
        defer { TemporaryFiles.shared.remove(writer.lockPath) }
        do { try writer.commit() } catch { throw Self.failure(error) }
    }

    private static func failure(_ error: CompareError) -> CLIError {
        if case .cannotWrite(let path, let reason) = error { return .input("\(path): error: \(reason)") }
        return .input("\(error)")
    }
}
