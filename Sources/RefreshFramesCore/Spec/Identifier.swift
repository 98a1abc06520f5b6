extension String {
    /// An ASCII identifier: a letter or `_`, then letters, digits or `_`. How a view's `name`, a
    /// visual format's metric and an outlet are written (and what Swift accepts as their names).
    package var isASCIIIdentifier: Bool {
        guard let first, first.isASCII, first.isLetter || first == "_" else { return false }
        return allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
