/// Path arithmetic on strings (no file is touched): for the command line, the library and its
/// assertions alike.
package enum FilePath {
    /// The directory part of `path`, as `NSString.deletingLastPathComponent` gives it (`a/b` → `a`,
    /// `/a` → `/`, `a` → ``), which Foundation 6.3 on Linux traps on for a one-character name
    /// (`refresh-frames validate a` crashed).
    package static func directory(of path: String) -> String {
        var rest = Substring(path)
        while rest.count > 1 && rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let slash = rest.lastIndex(of: "/") else { return "" }
        guard slash != rest.startIndex else { return "/" }
        var directory = rest[..<slash]
        while directory.count > 1 && directory.hasSuffix("/") { directory = directory.dropLast() }
        return String(directory)
    }
}
