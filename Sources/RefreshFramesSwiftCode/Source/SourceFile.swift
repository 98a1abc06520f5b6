/// The text of one Swift file and where its lines start, to turn byte offsets into `line:column`.
package struct SourceFile: Sendable {
    /// The name messages use (the path as the spec wrote it).
    package let name: String
    package let bytes: [UInt8]
    /// The byte offset where each line starts; `lineStarts[0] == 0`.
    package let lineStarts: [Int]

    package init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        lineStarts = starts
    }

    package init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The line (from 1) holding the byte at `offset`.
    package func line(ofByte offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// The location of the byte at `offset` (clamped to the file); the column counts characters.
    package func location(ofByte offset: Int) -> CodeLocation {
        let offset = max(0, min(offset, bytes.count))
        let line = line(ofByte: offset)
        var column = 1
        var i = lineStarts[line - 1]
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return CodeLocation(file: name, line: line, column: column)
    }

    /// The byte offset of `line` and byte column `column` (both from 1), as swiftc reports them.
    package func offset(line: Int, byteColumn column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        return min(lineStarts[line - 1] + column - 1, bytes.count)
    }
}
