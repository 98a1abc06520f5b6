import Foundation
import RefreshFramesCore
import Testing

struct FilePathTests {
    /// The directory part, as NSString says it where it does not trap (`a`, `a/`: Foundation 6.3 on
    /// Linux traps on a one-character last component, which is why FilePath exists).
    @Test(arguments: [
        ("a", "", false), ("a/", "", false), ("a/b", "a", true), ("/a", "/", true), ("/", "/", true),
        ("/a/b/", "/a", true), ("a//b", "a", true), ("", "", false), ("./x", ".", true), ("../x.json", "..", true),
        ("dir/é.json", "dir", true),
    ])
    func directory(_ path: String, _ expected: String, _ asNSString: Bool) {
        #expect(FilePath.directory(of: path) == expected)
        if asNSString { #expect((path as NSString).deletingLastPathComponent == expected) }
    }

    /// How a Swift program's file is named in the code's warnings: `..` after a name cancels it.
    @Test(arguments: [
        ("ps/../app/V.swift", "app/V.swift"), ("./V.swift", "V.swift"), ("../app/V.swift", "../app/V.swift"),
        ("a/b/../../../c", "../c"), ("/a/../b", "/b"), ("/../b", "/b"), ("a/./b//c", "a/b/c"), ("a/..", "."),
    ])
    func lexicallyNormalized(_ path: String, _ expected: String) {
        #expect(FilePath.lexicallyNormalized(path) == expected)
    }
}
