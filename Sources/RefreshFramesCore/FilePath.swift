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

    /// `path` with its `.` and `name/..` components taken out, by the text alone (`ps/../app/V.swift`
    /// → `app/V.swift`; `../a` and `/..` keep what they cannot drop): how a path is shown, not how
    /// it is opened (a symbolic link's `..` is the link target's parent).
    package static func lexicallyNormalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute, parts.isEmpty {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
