import Foundation

/// Raw mode, alternate screen and a hidden cursor, always given back: on leave, on SIGINT/SIGTERM/SIGHUP.
final class TerminalSession: @unchecked Sendable {
    private var saved = termios()
    private var active = false
    private var resizeFlag = false
    /// Stopped by Ctrl-Z with the terminal given back; SIGCONT takes it again.
    private var suspended = false
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []

    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
    static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    func enter() {
        tcgetattr(0, &saved)
        takeTerminal()
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in
                leave()
                exit(128 + sig)
            }
            source.resume()
            sources.append(source)
        }
        // Ctrl-Z: give the terminal back, then stop for real; on `fg`, take it again and redraw,
        // as full-screen programs do.
        signal(SIGTSTP, SIG_IGN)
        let stop = DispatchSource.makeSignalSource(signal: SIGTSTP, queue: .global())
        stop.setEventHandler { [self] in
            lock.lock()
            suspended = active
            lock.unlock()
            leave()
            signal(SIGTSTP, SIG_DFL)
            kill(getpid(), SIGTSTP)
        }
        stop.resume()
        sources.append(stop)
        signal(SIGCONT, SIG_IGN)
        let resume = DispatchSource.makeSignalSource(signal: SIGCONT, queue: .global())
        resume.setEventHandler { [self] in
            signal(SIGTSTP, SIG_IGN)
            reenter()
        }
        resume.resume()
        sources.append(resume)
        signal(SIGWINCH, SIG_IGN)
        let winch = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        winch.setEventHandler { [self] in
            lock.lock()
            resizeFlag = true
            lock.unlock()
        }
        winch.resume()
        sources.append(winch)
    }

    /// After `fg`: raw mode and the alternate screen again, and a full redraw on the next frame.
    func reenter() {
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
        tcsetattr(0, TCSANOW, &raw)
        active = true
        write(Array(Self.enterSequence.utf8))
    }

    func leave() {
        lock.lock()
        defer { lock.unlock() }
        guard active else { return }
        active = false
        let bytes = Array(Self.leaveSequence.utf8)
        _ = bytes.withUnsafeBufferPointer { Glibc.write(1, $0.baseAddress, $0.count) }
        tcsetattr(0, TCSANOW, &saved)
    }

    func resized() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let r = resizeFlag
        resizeFlag = false
        return r
    }

    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBufferPointer { Glibc.write(1, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            offset += n
        }
    }

    func readKey(timeoutMillis: Int32) -> Character? {
        var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, max(0, timeoutMillis)) > 0 else { return nil }
        var byte: UInt8 = 0
        guard read(0, &byte, 1) == 1 else { return nil }
        return Character(Unicode.Scalar(byte))
    }
}
