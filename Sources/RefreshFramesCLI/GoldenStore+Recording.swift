import RefreshFramesCompare

extension GoldenStore {
    /// Takes the golden directory's lock and starts a new set (see `GoldenSetWriter`).
    mutating func startRecording() throws(CLIError) {
        do {
            let writer = try GoldenSetWriter(directory: directory)
            TemporaryFiles.shared.add(writer.stagingPath)
            TemporaryFiles.shared.add(writer.lockPath)
            self.writer = writer
        } catch {
            throw Self.failure(error)
        }
    }

    func writeGolden(_ bytes: [UInt8], _ file: String) throws(CLIError) {
        guard let writer else { preconditionFailure("writing a golden without recording") }
        do { try writer.write(bytes, name: file) } catch { throw Self.failure(error) }
    }

    /// Puts the new set in place, or leaves the old one when nothing was recorded.
    func finishRecording() throws(CLIError) {
        guard let writer else { return }
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
