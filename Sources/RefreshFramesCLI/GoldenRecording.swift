import RefreshFramesCommandLine
import RefreshFramesCompare

/// A golden set being recorded: the directory's lock, then the new set assembled beside it and
/// put in place as a unit by `finish()` (see `GoldenSetWriter`). Interrupted (a signal, or a failed
/// write), it leaves the old set, and neither the staging directory nor the lock.
final class GoldenRecording: @unchecked Sendable {
    private let writer: GoldenSetWriter
    private let cleanup: Int

    /// Takes the lock; a concurrent recording of the same directory fails here.
    init(directory: String) throws(CLIError) {
        do {
            writer = try GoldenSetWriter(directory: directory)
        } catch {
            throw Self.failure(error)
        }
        let writer = self.writer
        cleanup = TemporaryFiles.shared.onInterrupt {
            writer.abandon()
            return true
        }
    }

    deinit {
        TemporaryFiles.shared.cancel(cleanup)
        writer.abandon()
    }

    /// Called from one thread at a time: the check records in order. No write starts once an
    /// interrupt has begun removing the staging directory.
    func write(_ bytes: [UInt8], _ file: String) throws(CLIError) {
        do {
            try TemporaryFiles.shared.whileOpen { () throws(CompareError) in try writer.write(bytes, name: file) }
        } catch {
            throw Self.failure(error)
        }
    }

    /// Puts the new set in place, or leaves the old one when nothing was recorded. An interrupt waits
    /// for it (from the exchange on, the staging path holds the old set).
    func finish() throws(CLIError) {
        do {
            try TemporaryFiles.shared.whileOpen { () throws(CompareError) in try writer.commit() }
        } catch {
            throw Self.failure(error)
        }
    }

    private static func failure(_ error: CompareError) -> CLIError {
        if case .cannotWrite(let path, let reason) = error { return .input("\(path): error: \(reason)") }
        return .input("\(error)")
    }
}
