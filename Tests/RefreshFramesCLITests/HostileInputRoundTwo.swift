import Foundation
import Testing

// The second adversarial pass (issue 26): each case failed before its fix. They run through the same
// driver as the first round's (`HostileInputTests`), with its checks: exit status, one line for status
// 2, no user file changed, no temporary file or lock left, no secret printed or written, no ESC on stderr.

private func bytes(_ dir: String, _ name: String) -> [UInt8] {
    FileManager.default.contents(atPath: dir + "/" + name).map { [UInt8]($0) } ?? []
}

private func fileType(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
}

/// A GIF whose last byte is the trailer: nothing was written after it.
private func isWholeGIF(_ data: [UInt8]) -> Bool {
    data.starts(with: Array("GIF89a".utf8)) && data.last == 0x3B
}

/// The GIF `render spec.json` writes to a file, for comparison with one written elsewhere.
private func referenceGIF(_ dir: String) throws -> [UInt8] {
    #expect(try run(["render", "spec.json", "-o", "reference.gif"], in: dir).status == 0)
    defer { unlink(dir + "/reference.gif") }
    return bytes(dir, "reference.gif")
}

/// A private `/dev` (a tmpfs in a mount namespace of the shell's own) holding the links a system's has,
/// so that a run which replaced `/dev/stdout` replaces only this one; the shell then says whether it did.
private func inPrivateDev(_ commands: String) -> String {
    "unshare -m --propagation private /bin/bash -c 'mount -t tmpfs tmpfs /dev && ln -s /proc/self/fd /dev/fd "
        + "&& ln -s /proc/self/fd/1 /dev/stdout && ln -s /proc/self/fd/2 /dev/stderr && { \(commands); status=$?; }; "
        + "if [ ! -L /dev/stdout ]; then echo \"/dev/stdout was replaced by a file\" >&2; exit 3; fi; exit $status'"
}

private let replaced: [Hostile] = [
    Hostile(
        name: "render -o /dev/stdout as root, stdout a file", arguments: [], status: 0, outputs: ["out.gif"],
        shell: inPrivateDev(#""$BIN" render spec.json -o /dev/stdout --format gif > out.gif"#),
        needsMountNamespace: true,
        after: { dir, _ in
            let reference = try referenceGIF(dir)
            #expect(bytes(dir, "out.gif") == reference)
        }),
    Hostile(
        name: "render -o a link to /proc/self/fd/1, stdout a file",
        files: [("stdout-link", .link("/proc/self/fd/1"))], arguments: [], status: 0, outputs: ["out.gif"],
        shell: #""$BIN" render spec.json -o stdout-link --format gif > out.gif"#,
        after: { dir, _ in
            let reference = try referenceGIF(dir)
            #expect(bytes(dir, "out.gif") == reference)
        }),
    Hostile(
        name: "render -o /dev/fd/1, stdout a file", arguments: [], status: 0, outputs: ["out.gif"],
        shell: #""$BIN" render spec.json -o /dev/fd/1 --format gif > out.gif"#,
        after: { dir, _ in #expect(isWholeGIF(bytes(dir, "out.gif"))) }),
    Hostile(
        name: "render -o a symbolic link to a regular file",
        files: [("real.gif", .text("old")), ("link.gif", .link("real.gif"))],
        arguments: ["render", "spec.json", "-o", "link.gif"], status: 0, outputs: ["real.gif"],
        after: { dir, _ in
            #expect(fileType(dir + "/link.gif") == S_IFLNK, "the link stays a link")
            #expect(isWholeGIF(bytes(dir, "real.gif")))
        }),
    Hostile(
        name: "render -o a FIFO", files: [("pipe", .fifo)], arguments: [], status: 0, outputs: ["got.gif"],
        shell:
            #"timeout -s KILL 20 cat pipe > got.gif & "$BIN" render spec.json -o pipe --format gif; status=$?; wait; exit $status"#,
        after: { dir, _ in
            #expect(fileType(dir + "/pipe") == S_IFIFO, "the FIFO stays a FIFO")
            #expect(isWholeGIF(bytes(dir, "got.gif")))
        }),
]

private let notFollowed: [Hostile] = [
    Hostile(
        name: "record with a planted staging directory that links elsewhere",
        files: [
            ("victim", .directory), ("victim/timeline.txt", .text("mine")), ("victim/frame-000.png", .text("mine")),
            (".g.tmp-99999", .link("victim")),
        ],
        arguments: ["record", "spec.json", "--golden", "g", "--kind", "semantic"], status: 0),
    Hostile(
        name: "record with a planted lock that links to a secret",
        files: [("secret.txt", .text(secret)), (".g.lock", .link("secret.txt"))],
        arguments: ["record", "spec.json", "--golden", "g", "--kind", "semantic"],
        message:
            "$DIR/.g.lock: error: is a symbolic link; the lock is a file refresh-frames makes itself (remove it)"),
    Hostile(
        name: "a golden that is a hard link of a secret file",
        files: [("secret.txt", .text(secret)), ("g", .directory), ("g/timeline.txt", .hardLink("secret.txt"))],
        arguments: ["check", "spec.json", "--golden", "g", "--kind", "semantic", "--junit", "junit.xml"],
        message: "g/timeline.txt: error: has 2 names (hard links); goldens are read only as files with one name"),
    Hostile(
        name: "a PNG golden that is a hard link, with an HTML report",
        files: [("secret.txt", .text(secret)), ("g", .directory), ("g/frame-000.png", .hardLink("secret.txt"))],
        arguments: ["check", "spec.json", "--golden", "g", "--kind", "pixels", "--at", "0.1", "--html", "h"],
        message: "g/frame-000.png: error: has 2 names (hard links); goldens are read only as files with one name"),
    Hostile(
        name: "record into a golden directory holding a directory named like a golden",
        files: [("g", .directory), ("g/frame-001.png", .directory), ("g/frame-001.png/x", .text("mine"))],
        arguments: ["record", "spec.json", "--golden", "g", "--kind", "semantic"],
        message:
            "g: error: --golden holds 'frame-001.png', which is not a golden file; choose an empty or new directory"),
]

/// A `frames.json` as render writes it, listing `files`.
private func framesJSON(_ files: [String]) -> String {
    "{\n  \"frames\": [\n" + files.map { "    {\"file\": \"\($0)\", \"time\": 0}" }.joined(separator: ",\n")
        + "\n  ]\n}\n"
}

private let directories: [Hostile] = [
    Hostile(
        name: "render -o a directory whose frames.json does not list a file",
        files: [
            ("fr", .directory), ("fr/frames.json", .text(framesJSON(["frame-0000.png"]))),
            ("fr/frame-0000.png", .text("old")), ("fr/notes.txt", .text("mine")),
        ],
        arguments: ["render", "spec.json", "-o", "fr/"],
        message:
            "fr/: error: the output holds 'notes.txt', which refresh-frames did not write (its frames.json does not list it); choose a new directory"
    ),
    Hostile(
        name: "render -o a directory whose frames.json lists a file that is not a frame",
        files: [
            ("fr", .directory), ("fr/frames.json", .text(framesJSON(["notes.txt"]))), ("fr/notes.txt", .text("mine")),
        ],
        arguments: ["render", "spec.json", "-o", "fr"],
        message:
            "fr: error: the output holds 'notes.txt', which refresh-frames did not write (its frames.json does not list it); choose a new directory"
    ),
    Hostile(
        name: "render -o over an earlier render with more frames", arguments: [], status: 0,
        shell: #""$BIN" render spec.json -o fr/ --fps 20 > /dev/null && exec "$BIN" render spec.json -o fr/ --fps 5"#,
        after: { dir, _ in
            #expect(
                contents(ofDirectory: dir + "/fr") == [
                    "frame-0000.png", "frame-0001.png", "frame-0002.png",
                    "frame-0003.png", "frame-0004.png", "frame-0005.png", "frame-0006.png", "frame-0007.png",
                    "frame-0008.png", "frames.json",
                ])
        }),
]

private let crashes: [Hostile] = [
    Hostile(
        name: "swift on a top-level animate over all views (one label)", arguments: ["swift", "spec.json"], status: 0,
        after: { _, result in #expect(result.stdout.contains("for label in self.labels {")) }),
    Hostile(
        name: "check with a manifest frame time of 1e308", arguments: [], status: 1,
        shell: #""$BIN" record spec.json --golden g --at 0.1 > /dev/null 2>&1 && "#
            + #"sed -i 's/"time": 0.1$/"time": 1e308/' g/manifest.json && exec "$BIN" check spec.json --golden g"#),
    Hostile(
        name: "check with a manifest scale of 1e308", arguments: [],
        message: "golden manifest 'g/manifest.json' is invalid: scale: 1e+308 is out of range 0.25…4",
        shell: #""$BIN" record spec.json --golden g --at 0.1 > /dev/null 2>&1 && "#
            + #"sed -i 's/"scale": 1.0/"scale": 1e308/' g/manifest.json && exec "$BIN" check spec.json --golden g"#),
    Hostile(
        name: "check with a states golden at 1e308 s", arguments: [], status: 1,
        shell: #""$BIN" record spec.json --golden g --at 0.1 > /dev/null 2>&1 && "#
            + #"sed -i 's/{"time": 0.1,/{"time": 1e308,/' g/states.json && exec "$BIN" check spec.json --golden g"#),
    Hostile(
        name: "check --at 1e308", arguments: [], status: 1,
        shell: #""$BIN" record spec.json --golden g --at 0.1 > /dev/null 2>&1 && "#
            + #"exec "$BIN" check spec.json --golden g --at 1e308 --kind semantic"#),
]

private let cTwoJSON = #""text": "A\u009b2J\u0085\u202e\u007f""#

/// Stdout parses as JSON and holds `text` as a JSON string's value.
private func checkJSON(_ result: RunResult, holds text: String) {
    let parsed = try? JSONSerialization.jsonObject(with: Data(result.stdoutBytes), options: [.fragmentsAllowed])
    #expect(parsed != nil, "stdout is not JSON: \(result.stdout)")
    #expect(!result.stdoutBytes.contains(0x1B) && !result.stdoutBytes.contains(0x9B))
    #expect(result.stdout.contains(#""A\u009b2J\u0085\u202e\u007f"#))
}

private let json: [Hostile] = [
    Hostile(
        name: "state to stdout of a text with C1 controls", files: specWith(#""text": "A""#, cTwoJSON),
        arguments: ["state", "spec.json", "--at", "0.1"], status: 0,
        after: { _, result in checkJSON(result, holds: "A\u{9B}2J\u{85}\u{202E}\u{7F}") }),
    Hostile(
        name: "import to stdout of a label with C1 controls",
        files: [("view.xib", .text(replacing(xib(""), #"text="A""#, "text=\"A\u{9B}2J\u{85}\u{202E}\u{7F}\"")))],
        arguments: ["import", "view.xib"], status: 0,
        after: { _, result in checkJSON(result, holds: "A\u{9B}2J\u{85}\u{202E}\u{7F}") }),
]

private let goldenSpecB = replacing(validSpec, #""text": "A""#, #""text": "B""#)

/// `env --default-signal=XFSZ`: the test runner ignores SIGXFSZ and a child inherits that, which would
/// hide a binary that leaves the signal's default action (death mid-write) in place.
private let writeLimits: [Hostile] = [
    Hostile(
        name: "render under ulimit -f", arguments: [], message: "big.gif: error: writing failed: File too large",
        shell: #"ulimit -f 2; exec env --default-signal=XFSZ "$BIN" render spec.json -o big.gif --scale 4"#),
    Hostile(
        name: "record under ulimit -f", arguments: [],
        message: "g/frame-000.png: error: File too large",
        shell: #"ulimit -f 1; exec env --default-signal=XFSZ "$BIN" record spec.json --golden g --at 0.1 --scale 4"#,
        after: { dir, _ in #expect(fileType(dir + "/g") == nil, "the golden directory this run made is gone") }),
    Hostile(
        name: "check --report under ulimit -f", files: [("b.json", .text(goldenSpecB))], arguments: [],
        message: "r/frame-000.actual.png: error: writing failed: File too large",
        shell: #""$BIN" record spec.json --golden g --at 0.1 --scale 4 > /dev/null 2>&1 && "#
            + #"(ulimit -f 1; exec env --default-signal=XFSZ "$BIN" check b.json --golden g --report r)"#,
        after: { dir, _ in #expect(fileType(dir + "/r") == nil, "the report directory this run made is gone") }),
    Hostile(
        name: "check --report on a full file system", files: [("b.json", .text(goldenSpecB)), ("mnt", .directory)],
        arguments: [], message: "mnt/r/frame-000.diff.png: error: writing failed: No space left on device",
        outputs: ["listing.txt"],
        shell: inPrivateDev(
            #""$BIN" record spec.json --golden g --at 0.1 --scale 4 > /dev/null 2>&1 && "#
                + #"mount -t tmpfs -o size=4k tmpfs mnt && "$BIN" check b.json --golden g --report mnt/r; s=$?; "#
                + #"ls -A mnt > listing.txt; (exit $s)"#),
        needsMountNamespace: true,
        after: { dir, _ in #expect(bytes(dir, "listing.txt").isEmpty, "left on the full file system") }),
]

private let longName = String(repeating: "a", count: 251)

/// `validSpec` with `description` set to these bytes (inserted raw, whatever they are).
private func specDescribed(_ raw: [UInt8]) -> [(String, Hostile.File)] {
    let text = Array(validSpec.utf8)
    let brace = text.firstIndex(of: UInt8(ascii: "{"))! + 1
    return [
        (
            "spec.json",
            .bytes(
                Array(text[..<brace]) + Array("\n  \"description\": \"".utf8) + raw + Array("\",".utf8) + text[brace...]
            )
        )
    ]
}

private let names: [Hostile] = [
    Hostile(
        name: "a path with newlines", arguments: ["validate", "no\nsuch\nfile.json"],
        message: #"no\nsuch\nfile.json: error: no such file"#),
    Hostile(
        name: "a colour value with a newline",
        files: specWith(#""text": "A""#, #""text": "A", "textColor": "red\nblue""#),
        arguments: ["validate", "spec.json"],
        message:
            #"spec.json:3:50: error: views[0].textColor: 'red\nblue' is not a colour; expected #RRGGBB, #RRGGBBAA, a UIKit name (red, magenta, clear…) or a semantic colour (label, systemBlue…)"#
    ),
    Hostile(
        name: "render -o a 255-byte file name", arguments: ["render", "spec.json", "-o", longName + ".gif"], status: 0,
        outputs: [longName + ".gif"]),
    Hostile(
        name: "render -o a 255-byte directory name",
        arguments: ["render", "spec.json", "-o", longName + "-dir/", "--fps", "5"], status: 0),
    Hostile(
        name: "record --golden a 255-byte directory name",
        arguments: ["record", "spec.json", "--golden", longName + "-dir", "--kind", "semantic"], status: 0),
    Hostile(
        name: "a UTF-8-encoded surrogate (ED A0 80)", files: specDescribed([0xED, 0xA0, 0x80]),
        arguments: ["validate", "spec.json"], message: "spec.json:2:19: error: the file is not valid UTF-8 (byte 0xED)"),
    Hostile(
        name: "an overlong UTF-8 slash (E0 80 AF)", files: specDescribed([0xE0, 0x80, 0xAF]),
        arguments: ["validate", "spec.json"], message: "spec.json:2:19: error: the file is not valid UTF-8 (byte 0xE0)"),
    Hostile(
        name: "UTF-8 past U+10FFFF (F4 90 80 80)", files: specDescribed([0xF4, 0x90, 0x80, 0x80]),
        arguments: ["validate", "spec.json"], message: "spec.json:2:19: error: the file is not valid UTF-8 (byte 0xF4)"),
    Hostile(
        name: "FONTCONFIG_FILE=/dev/zero", arguments: ["render", "spec.json", "-o", "out.gif"],
        message:
            "FONTCONFIG_FILE: error: '/dev/zero' is not a regular file; expected a fontconfig configuration file",
        environment: ["FONTCONFIG_FILE": "/dev/zero"]),
    Hostile(
        name: "FONTCONFIG_FILE of 2 MiB", files: [("big.conf", .bytes([UInt8](repeating: 0x20, count: 2 << 20)))],
        arguments: ["render", "spec.json", "-o", "out.gif"],
        message: "FONTCONFIG_FILE: error: '$DIR/big.conf' is 2097152 bytes, over the limit fontconfigBytes = 1048576",
        environment: ["FONTCONFIG_FILE": "$DIR/big.conf"]),
    Hostile(
        name: "render from a deleted working directory, relative output", arguments: [],
        message: "out.gif: error: the working directory no longer exists; name the output by an absolute path",
        shell: #"d=$PWD; mkdir gone; cd gone; rmdir "$d/gone"; exec "$BIN" render "$d/spec.json" -o out.gif"#),
]

/// Foundation 6.3 traps in `NSString.deletingLastPathComponent` on a one-character name (found while
/// fixing the report directory's clean-up): every path the command line splits goes through `FilePath`.
private let shortNames: [Hostile] = [
    Hostile(
        name: "validate a spec named with one character", files: [("a", .text(validSpec))],
        arguments: ["validate", "a"], status: 0),
    Hostile(
        name: "render -o a one-character name", arguments: ["render", "spec.json", "-o", "x", "--format", "gif"],
        status: 0, outputs: ["x"]),
]

let hostileInputsRoundTwo: [Hostile] =
    replaced + notFollowed + directories + crashes + json + writeLimits + names + shortNames
