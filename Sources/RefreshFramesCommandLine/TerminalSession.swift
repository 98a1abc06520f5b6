import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// write(2) on stdout, by a name that the session's own `write` does not hide.
private func writeToStdout(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int {
    #if canImport(Darwin)
        Darwin.write(1, bytes, count)
    #else
        Glibc.write(1, bytes, count)
    #endif
}

/// Raw mode, alternate screen and a hidden cursor, always given back: on leave, on the signals that end a command,
/// on Ctrl-Z (taken again on `fg`) and on a fatal signal (`FatalSignalGuard`).
package final class TerminalSession: @unchecked Sendable {
    private var saved = termios()
    private var active = false
    private var resizeFlag = false
    /// Stopped by Ctrl-Z with the terminal given back; SIGCONT takes it again.
    private var suspended = false
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []
    /// Written before `leaveSequence`: what takes the program's images off the screen.
    private var farewell: [UInt8] = []

    package init() {}

    /// What `leave` writes first, whatever ends the session (q, Ctrl-C, SIGTERM, Ctrl-Z): kitty
    /// keeps its images apart from the cells, so clearing the screen would leave them over the text.
    package func setFarewell(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        farewell = bytes
    }

    package static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
    /// The alternate screen is cleared before it is left, so that a terminal that copies its rows
    /// back when a resized alternate screen is left has nothing to copy: tmux since 3.2 redraws its
    /// outer terminal wrongly there (tmux issue #3510, "enter vim, resize, exit vim"), though its
    /// own grid stays right (not reproduced in tmux 3.3a's grid here).
    package static let leaveSequence = "\u{1B}[0m\u{1B}[2J\u{1B}[?25h\u{1B}[?1049l"

    package func enter() {
        tcgetattr(0, &saved)
        takeTerminal()
        // The signals that end a command (SIGINT, SIGTERM, SIGHUP, SIGQUIT…) give the terminal back
        // first, through the one handler that also removes unfinished output.
        TemporaryFiles.shared.installSignalHandlers()
        _ = TemporaryFiles.shared.onInterrupt { [self] in
            leave()
            return false
        }
        // Ctrl-Z: give the terminal back, then stop for real; on `fg`, take it again and redraw,
        // as full-screen programs do.
        handle(SIGTSTP) { [self] in
            lock.lock()
            suspended = active
            lock.unlock()
            leave()
            stopUntilContinued()
            reenter()
        }
        handle(SIGCONT) { [self] in reenter() }
        handle(SIGWINCH) { [self] in
            lock.lock()
            resizeFlag = true
            lock.unlock()
        }
    }

    /// Runs `handler` on a queue (not in the signal handler) when `sig` arrives.
    private func handle(_ sig: Int32, _ handler: @escaping @Sendable () -> Void) {
        signal(sig, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
        sources.append(source)
    }

    /// Stops the process with SIGTSTP's default action and returns once `fg` (SIGCONT) continues it.
    /// The signal is raised on this thread with SIGTSTP unblocked here, so the stop happens before
    /// `raise` returns; then the disposition the signal source installed is put back, so the next
    /// Ctrl-Z is seen again. (Sending it to the process with kill(2) and counting on the SIGCONT source
    /// left a stopped preview that `fg` did not bring back when no thread blocked the signals.)
    private func stopUntilContinued() {
        var stopAction = sigaction(handler: SIG_DFL)
        var sourceAction = sigaction()
        sigaction(SIGTSTP, &stopAction, &sourceAction)
        var tstp = sigset_t()
        sigemptyset(&tstp)
        sigaddset(&tstp, SIGTSTP)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &tstp, &mask)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(SIGTSTP, &sourceAction, nil)
    }

    /// After `fg`: raw mode and the alternate screen again, and a full redraw on the next frame.
    package func reenter() {
        lock.lock()
        defer { lock.unlock() }
        guard suspended, !active else { return }
        suspended = false
        resizeFlag = true
        takeTerminal()
    }

    /// Raw input without echo (reads return at once) and the alternate screen with the cursor hidden.
    private func takeTerminal() {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        FatalSignalGuard.arm(saved: saved, leaveSequence: Array(Self.leaveSequence.utf8))
        tcsetattr(0, TCSANOW, &raw)
        active = true
        write(Array(Self.enterSequence.utf8))
    }

    package func leave() {
        lock.lock()
        defer { lock.unlock() }
        guard active else { return }
        active = false
        let bytes = farewell + Array(Self.leaveSequence.utf8)
        _ = bytes.withUnsafeBufferPointer { writeToStdout($0.baseAddress, $0.count) }
        tcsetattr(0, TCSANOW, &saved)
        FatalSignalGuard.disarm()
    }

    package func resized() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let r = resizeFlag
        resizeFlag = false
        return r
    }

    package func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBufferPointer { writeToStdout($0.baseAddress, $0.count) }
            if n <= 0 { break }
            offset += n
        }
    }

    /// Keys read but not yet returned: one read can hold several (`]` and End sent together).
    private var pendingKeys: [Key] = []

    /// One key, or nil when none came within the timeout.
    package func readKey(timeoutMillis: Int32) -> Key? {
        if !pendingKeys.isEmpty { return pendingKeys.removeFirst() }
        var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, max(0, timeoutMillis)) > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = read(0, &bytes, 64)
        guard n > 0 else { return nil }
        pendingKeys = Key.parse(bytes[0..<n])
        return pendingKeys.isEmpty ? nil : pendingKeys.removeFirst()
    }
}

/// A key of the preview: a character, or one of the keys that send an escape sequence.
package enum Key: Equatable, Sendable {
    case character(Character)
    case left, right, home, end
    case other

    /// The escape sequences of the keys the preview knows (xterm's normal and application modes,
    /// and the VT220 `ESC [ n ~` forms of Home and End).
    package static let sequences: [([UInt8], Key)] = [
        ([0x1B, 0x5B, 0x44], .left), ([0x1B, 0x4F, 0x44], .left),
        ([0x1B, 0x5B, 0x43], .right), ([0x1B, 0x4F, 0x43], .right),
        ([0x1B, 0x5B, 0x48], .home), ([0x1B, 0x4F, 0x48], .home),
        ([0x1B, 0x5B, 0x31, 0x7E], .home), ([0x1B, 0x5B, 0x37, 0x7E], .home),
        ([0x1B, 0x5B, 0x46], .end), ([0x1B, 0x4F, 0x46], .end),
        ([0x1B, 0x5B, 0x34, 0x7E], .end), ([0x1B, 0x5B, 0x38, 0x7E], .end),
    ]

    /// The keys in one read, in order; an unknown escape sequence is one `.other`.
    package static func parse(_ input: ArraySlice<UInt8>) -> [Key] {
        var keys: [Key] = []
        var rest = input
        while let first = rest.first {
            if first == 0x1B {
                if let (sequence, key) = sequences.first(where: { rest.starts(with: $0.0) }) {
                    keys.append(key)
                    rest = rest.dropFirst(sequence.count)
                } else {
                    keys.append(.other)
                    // Skip ESC, an introducer and its parameters up to the final byte.
                    rest = rest.dropFirst()
                    if let next = rest.first, next == 0x5B || next == 0x4F {
                        rest = rest.dropFirst()
                        while let b = rest.first, (0x30...0x3F).contains(b) { rest = rest.dropFirst() }
                        rest = rest.dropFirst()
                    }
                }
            } else {
                keys.append(first < 0x80 ? .character(Character(Unicode.Scalar(first))) : .other)
                rest = rest.dropFirst()
            }
        }
        return keys
    }
}
