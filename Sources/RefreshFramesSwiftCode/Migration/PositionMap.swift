/// Maps byte offsets in the migrated text back to the original: a list of pieces, each either copied
/// from the original (offsets map one to one) or inserted by a rewrite (every offset in it maps to the
/// construct it came from).
package struct PositionMap: Sendable, Equatable {
    struct Piece: Sendable, Equatable {
        var migratedStart: Int
        var length: Int
        var originalStart: Int
        var copied: Bool
    }

    var pieces: [Piece] = []

    /// The original offset of the migrated byte at `offset`.
    package func original(_ offset: Int) -> Int {
        guard !pieces.isEmpty else { return offset }
        var low = 0
        var high = pieces.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if pieces[mid].migratedStart <= offset { low = mid } else { high = mid - 1 }
        }
        let piece = pieces[low]
        guard piece.copied else { return piece.originalStart }
        return piece.originalStart + (offset - piece.migratedStart)
    }

    mutating func copy(from original: Int, length: Int, at migrated: Int) {
        guard length > 0 else { return }
        if let last = pieces.last, last.copied, last.migratedStart + last.length == migrated,
            last.originalStart + last.length == original
        {
            pieces[pieces.count - 1].length += length
        } else {
            pieces.append(Piece(migratedStart: migrated, length: length, originalStart: original, copied: true))
        }
    }

    mutating func insert(length: Int, anchor: Int, at migrated: Int) {
        guard length > 0 else { return }
        pieces.append(Piece(migratedStart: migrated, length: length, originalStart: anchor, copied: false))
    }
}
