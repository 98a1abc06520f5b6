import Foundation

/// What a command has not finished writing, and the one handler of the signals that end a command:
/// every temporary output is removed (and the terminal given back) before the process exits with
/// 128 + the signal's number, so an interrupted or failed run never leaves a half-written file.
package final class TemporaryFiles: @unchecked Sendable {
    package static let shared = TemporaryFiles()
    private let lock = NSLock()
    private var paths: Set<String> = []
    /// Clean-ups of more than a path (a golden set's staging directory and lock, the terminal),
    /// run before the paths are removed; each returns whether it removed unfinished output.
    private var cleanups: [Int: @Sendable () -> Bool] = [:]
    private var nextCleanup = 0
    private var sources: [DispatchSourceSignal] = []
    /// Set when an interrupt is removing the files: no write may start after it.
    private var closed = false

    /// The signals whose default action ends the process without a core dump, and SIGQUIT (whose
    /// default action would dump core, and whose Swift runtime handler prints a backtrace).
    package static let endingSignals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM]

    package func add(_ path: String) {
        lock.lock()
        if closed { waitForExit() }
        paths.insert(path)
        lock.unlock()
    }

    package func remove(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    /// Registers a clean-up to run if the process is interrupted; returns its token for `cancel`.
    package func onInterrupt(_ cleanup: @escaping @Sendable () -> Bool) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if closed { waitForExit() }
        nextCleanup += 1
        cleanups[nextCleanup] = cleanup
        return nextCleanup
    }

    package func cancel(_ token: Int) {
        lock.lock()
        cleanups[token] = nil
        lock.unlock()
    }

    /// Runs every clean-up and removes every temporary path; returns whether anything was removed.
    @discardableResult
    package func removeAll() -> Bool {
        lock.lock()
        closed = true
        let all = paths
        let pending = cleanups.sorted { $0.key < $1.key }.map(\.value)
        paths = []
        cleanups = [:]
        lock.unlock()
        var removed = false
        for cleanup in pending where cleanup() { removed = true }
        for p in all where (try? FileManager.default.removeItem(atPath: p)) != nil { removed = true }
        return removed
    }

    /// Runs `body` (a write into a temporary path) unless an interrupt has begun removing the
    /// temporary files; then it waits for the exit, so that no file appears after the removal.
    package func whileOpen<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        if closed { waitForExit() }
        defer { lock.unlock() }
        return try body()
    }

    /// Another thread is removing the files and will end the process.
    private func waitForExit() -> Never {
        lock.unlock()
        while true { pause() }
    }

    /// Installs, once, the handler of `endingSignals` (clean up, then exit 128 + the signal), and
    /// ignores SIGXFSZ, so that a write past `ulimit -f` fails with EFBIG, a write error like any
    /// other (exit 2, after the same clean-up), instead of killing the process mid-write.
    package func installSignalHandlers() {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        signal(SIGXFSZ, SIG_IGN)
        for sig in Self.endingSignals {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in
                if removeAll() { Output.err("interrupted: removed unfinished output\n") }
                exit(128 + sig)
            }
            source.resume()
            sources.append(source)
        }
    }
}
