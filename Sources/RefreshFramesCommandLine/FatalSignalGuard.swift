#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// What the fatal-signal handler needs, prepared before it can run: it only reads this.
private struct FatalSignalState {
    var saved: termios
    var leave: UnsafeMutableBufferPointer<UInt8>
    var note: UnsafeMutableBufferPointer<UInt8>
}

/// Set while a terminal session holds the terminal; read by the handler.
nonisolated(unsafe) private var fatalSignalState: UnsafeMutablePointer<FatalSignalState>?
/// The dispositions the guard replaced (the Swift runtime's backtracer, usually), put back by `disarm`.
nonisolated(unsafe) private var previousActions: [Int32: sigaction] = [:]

/// Gives the terminal back when the process dies of a fatal signal while preview holds it.
///
/// Without it, a crash in preview left raw mode on, the alternate screen up and the cursor hidden,
/// and Swift's backtracer (on by default on Linux, interactive when stdin and stdout are a terminal)
/// then waited for a key on that terminal. The handler does only async-signal-safe work, with bytes
/// prepared in `arm`: write(2) of the leave sequence and a one-line note, tcsetattr(3) with the saved
/// termios, then the signal again with its default action (the process ends, as without the guard,
/// but without a backtrace: the backtracer would wait on the terminal).
enum FatalSignalGuard {
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Installs the handler for `signals`, restoring `saved` and writing `leaveSequence` on stdout.
    static func arm(saved: termios, leaveSequence: [UInt8]) {
        disarm()
        let note = Array("refresh-frames: preview ended by a fatal signal; the terminal was restored\n".utf8)
        let state = UnsafeMutablePointer<FatalSignalState>.allocate(capacity: 1)
        state.initialize(to: FatalSignalState(saved: saved, leave: copy(leaveSequence), note: copy(note)))
        fatalSignalState = state
        for signal in signals {
            var action = sigaction(
                handler: fatalSignalHandler, flags: Int32(bitPattern: UInt32(SA_RESETHAND) | UInt32(SA_NODEFER)))
            var previous = sigaction()
            sigaction(signal, &action, &previous)
            previousActions[signal] = previous
        }
    }

    /// Puts back the dispositions `arm` replaced.
    static func disarm() {
        for (signal, var previous) in previousActions { sigaction(signal, &previous, nil) }
        previousActions = [:]
        guard let state = fatalSignalState else { return }
        fatalSignalState = nil
        state.pointee.leave.deallocate()
        state.pointee.note.deallocate()
        state.deallocate()
    }

    private static func copy(_ bytes: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }
}

/// The handler itself: terminal first, then the default action (SA_RESETHAND has already put it back).
private func fatalSignalHandler(_ signal: Int32) {
    if let state = fatalSignalState {
        _ = write(1, state.pointee.leave.baseAddress, state.pointee.leave.count)
        tcsetattr(0, TCSANOW, &state.pointee.saved)
        _ = write(2, state.pointee.note.baseAddress, state.pointee.note.count)
    }
    raise(signal)
}

extension sigaction {
    /// An action that calls `handler` (or is `SIG_DFL`/`SIG_IGN`) with no other signal blocked, on
    /// Linux and Darwin alike.
    init(handler: (@convention(c) (Int32) -> Void)?, flags: Int32 = 0) {
        self.init()
        #if canImport(Darwin)
            __sigaction_u.__sa_handler = handler
        #else
            __sigaction_handler.sa_handler = handler
        #endif
        sa_flags = flags
        sigemptyset(&sa_mask)
    }
}
