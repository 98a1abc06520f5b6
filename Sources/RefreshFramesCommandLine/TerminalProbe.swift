import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// What a terminal says about itself when asked: its cell size in pixels (`CSI 16 t`, or the text
/// area's `CSI 14 t` over the cells), and its primary device attributes (DA1, `CSI c`), whose
/// attribute 4 means sixel graphics.
package struct TerminalReply: Sendable, Equatable {
    /// `CSI 6 ; height ; width t`.
    package var cellPixels: (width: Int, height: Int)?
    /// `CSI 4 ; height ; width t`: the text area.
    package var textAreaPixels: (width: Int, height: Int)?
    /// The parameters of `CSI ? … c`; nil when the terminal did not answer DA1.
    package var attributes: [Int]?

    package init(
        cellPixels: (width: Int, height: Int)? = nil, textAreaPixels: (width: Int, height: Int)? = nil,
        attributes: [Int]? = nil
    ) {
        self.cellPixels = cellPixels
        self.textAreaPixels = textAreaPixels
        self.attributes = attributes
    }

    package static func == (a: TerminalReply, b: TerminalReply) -> Bool {
        a.cellPixels?.width == b.cellPixels?.width && a.cellPixels?.height == b.cellPixels?.height
            && a.textAreaPixels?.width == b.textAreaPixels?.width
            && a.textAreaPixels?.height == b.textAreaPixels?.height && a.attributes == b.attributes
    }

    /// The query: cell size, text area size, then DA1, which every terminal answers last, so its
    /// answer ends the wait.
    package static let query = "\u{1B}[16t\u{1B}[14t\u{1B}[c"

    /// Whether DA1 lists sixel graphics (attribute 4).
    package var drawsSixel: Bool { attributes?.contains(4) ?? false }

    /// The cell's pixels: `CSI 16 t`'s, else the text area's over `columns` × `rows`.
    package func cell(columns: Int, rows: Int) -> (width: Int, height: Int)? {
        if let cellPixels, cellPixels.width > 0, cellPixels.height > 0 { return cellPixels }
        if let area = textAreaPixels, columns > 0, rows > 0, area.width >= columns, area.height >= rows {
            return (area.width / columns, area.height / rows)
        }
        return nil
    }

    /// The answers found in `bytes` (anything else, such as keys typed meanwhile, is skipped).
    package static func parse(_ bytes: [UInt8]) -> TerminalReply {
        var reply = TerminalReply()
        var i = 0
        while i + 2 < bytes.count {
            guard bytes[i] == 0x1B, bytes[i + 1] == 0x5B else {
                i += 1
                continue
            }
            var j = i + 2
            let privateMarker = bytes[j] == 0x3F
            if privateMarker { j += 1 }
            var parameters: [Int] = []
            var current: Int?
            while j < bytes.count, (0x30...0x3B).contains(bytes[j]) {
                if bytes[j] == 0x3B {
                    parameters.append(current ?? 0)
                    current = nil
                } else if bytes[j] != 0x3A {
                    current = min(1_000_000, (current ?? 0) * 10 + Int(bytes[j] - 0x30))
                }
                j += 1
            }
            guard j < bytes.count else { break }
            if let current { parameters.append(current) }
            switch (bytes[j], privateMarker) {
            case (0x63, true): reply.attributes = parameters
            case (0x74, false) where parameters.count == 3 && parameters[0] == 6:
                reply.cellPixels = (parameters[2], parameters[1])
            case (0x74, false) where parameters.count == 3 && parameters[0] == 4:
                reply.textAreaPixels = (parameters[2], parameters[1])
            default: break
            }
            i = j + 1
        }
        return reply
    }

    /// Whether `bytes` hold the DA1 answer, the last one the query asks for.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        parse(bytes).attributes != nil
    }
}

/// Asks the terminal on stdin/stdout, only when both are one.
package enum TerminalProbe {
    /// Writes `TerminalReply.query` and reads the answers in raw mode until DA1's comes or
    /// `timeoutMillis` pass; nil when stdin or stdout is not a terminal.
    package static func ask(timeoutMillis: Int = 300) -> TerminalReply? {
        guard isatty(0) == 1, isatty(1) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
        defer { tcsetattr(0, TCSANOW, &saved) }
        let query = Array(TerminalReply.query.utf8)
        _ = query.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
        var bytes: [UInt8] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMillis) * 1_000_000
        var buffer = [UInt8](repeating: 0, count: 256)
        while !TerminalReply.isComplete(bytes) {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, Int32((deadline - now) / 1_000_000) + 1) > 0 else { break }
            let n = read(0, &buffer, buffer.count)
            guard n > 0 else { break }
            bytes += buffer[0..<n]
        }
        return TerminalReply.parse(bytes)
    }

    /// The cell's pixels from the kernel's window size (`TIOCGWINSZ`'s pixel fields), when stdout
    /// is a terminal that fills them in.
    package static func windowCell() -> (width: Int, height: Int)? {
        var w = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0,
            w.ws_xpixel >= w.ws_col, w.ws_ypixel >= w.ws_row
        else { return nil }
        return (Int(w.ws_xpixel) / Int(w.ws_col), Int(w.ws_ypixel) / Int(w.ws_row))
    }
}
