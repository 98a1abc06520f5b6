import Foundation
import RefreshFramesCore

/// Runs the Swift compiler's own parser on a team's Swift code: `swiftc -dump-parse -dump-ast-format
/// json` (`xcrun swiftc` on macOS). Only the parser runs, never the type checker or code generation: it
/// needs no SDK and executes nothing the code says. The one place RefreshFrames starts a process.
///
/// Bounded: the compiler is killed after `timeout` seconds or `outputLimit` bytes of output. Cached by
/// content: the same source parsed by the same compiler is read from memory (and from `cacheDirectory`
/// when given) instead of running swiftc again.
package enum SwiftParser {
    /// What the parser printed: the AST as JSON, and its diagnostics (`<file>:LINE:COL: error: …`, one a
    /// line, in the text it parsed: the caller maps them back through its migration).
    package struct Output: Sendable, Equatable {
        package var json: [UInt8]
        package var diagnostics: String
        /// Whether it came from the cache rather than from swiftc.
        package var cached: Bool
    }

    package struct Options: Sendable {
        /// The compiler to run; nil: `swiftc` on PATH (`xcrun swiftc` on macOS).
        package var compiler: String?
        /// Where parsed files are kept between runs; nil: in memory only.
        package var cacheDirectory: String?
        package var timeout: Double
        package var outputLimit: Int
        /// PATH, to find swiftc.
        package var searchPath: String
        /// Keep parses in memory for the process (a watch session re-parses on every save).
        package var memoryCache = true

        package init(
            compiler: String? = nil, cacheDirectory: String? = nil, timeout: Double = 60, outputLimit: Int = 256 << 20,
            searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        ) {
            self.compiler = compiler
            self.cacheDirectory = cacheDirectory
            self.timeout = timeout
            self.outputLimit = outputLimit
            self.searchPath = searchPath
        }
    }

    /// The cache directory RefreshFrames uses: `$REFRESH_FRAMES_CACHE` ("off": none),
    /// `$XDG_CACHE_HOME/refresh-frames`, or `~/.cache/refresh-frames`; the AST files go in `swift-ast/`.
    package static func defaultCacheDirectory(environment: [String: String]) -> String? {
        if let explicit = environment["REFRESH_FRAMES_CACHE"] {
            return explicit == "off" || explicit.isEmpty ? nil : explicit + "/swift-ast"
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/refresh-frames/swift-ast" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/refresh-frames/swift-ast" }
        return nil
    }

    /// Parses `source` (the text of `file`, already migrated) and returns swiftc's JSON dump.
    package static func parse(source: [UInt8], file: String, options: Options = Options()) throws(CLIError) -> Output {
        let command = try compilerCommand(options)
        let key = cacheKey(source: source, compiler: command)
        if options.memoryCache, let hit = memory.lookup(key) { return hit }
        if let directory = options.cacheDirectory, let hit = readCache(directory, key) {
            if options.memoryCache { memory.store(key, hit) }
            return hit
        }
        let output = try run(command, source: source, file: file, options: options)
        if options.memoryCache { memory.store(key, output) }
        if let directory = options.cacheDirectory { writeCache(directory, key, output) }
        return Output(json: output.json, diagnostics: output.diagnostics, cached: false)
    }

    // MARK: The compiler

    /// The command to run and the file whose size and time identify its version.
    struct Command: Sendable {
        var arguments: [String]
        var identity: String
    }

    static func compilerCommand(_ options: Options) throws(CLIError) -> Command {
        #if os(macOS)
            let xcrun = "/usr/bin/xcrun"
            if options.compiler == nil, access(xcrun, X_OK) == 0 {
                return Command(arguments: [xcrun, "swiftc"], identity: identity(of: xcrun))
            }
        #endif
        let path: String
        if let compiler = options.compiler {
            guard access(compiler, X_OK) == 0 else {
                throw .input(
                    "error: the Swift compiler '\(compiler)' cannot be run (\(String(cString: strerror(errno))))")
            }
            path = compiler
        } else {
            let candidates = options.searchPath.split(separator: ":").map { String($0) + "/swiftc" }
            let found = candidates.first { access($0, X_OK) == 0 }
            guard let found else {
                throw .input(
                    "error: swiftc was not found on PATH: reading Swift code needs a Swift toolchain's parser (https://swift.org/install; on macOS, Xcode's command line tools)"
                )
            }
            path = found
        }
        // The driver is usually a link to swift-driver, which runs swift-frontend beside it: both name the version.
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let frontend = URL(fileURLWithPath: real).deletingLastPathComponent().appendingPathComponent("swift-frontend")
            .path
        return Command(arguments: [path], identity: identity(of: real) + ";" + identity(of: frontend))
    }

    private static func identity(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return path }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return "\(path):\(info.st_size):\(time.tv_sec).\(time.tv_nsec)"
    }

    private static func run(_ command: Command, source: [UInt8], file: String, options: Options) throws(CLIError)
        -> Output
    {
        // swiftc reads a file, named .swift, in a directory of this parse's own that is also the
        // compiler's TMPDIR (its driver leaves an empty TemporaryDirectory.XXXXXX there at every run):
        // removed with all in it on every path (and on interrupt).
        var base = NSTemporaryDirectory()
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/refresh-frames-parse-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw .input("\(file): error: cannot make a temporary directory to parse in (\(errnoText()))")
        }
        let directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFiles.shared.add(directory)
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            TemporaryFiles.shared.remove(directory)
        }
        let temporary = directory + "/source.swift"
        // Not inherited by processes other threads start (a file open for writing cannot be run, and leaks).
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .input("\(file): error: cannot write a temporary file to parse (\(errnoText()))") }
        let written = source.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        close(fd)
        guard written else { throw .input("\(file): error: cannot write a temporary file to parse (\(errnoText()))") }
        let arguments =
            command.arguments + ["-dump-parse", "-dump-ast-format", "json", "-diagnostic-style", "llvm", temporary]
        let result = try spawn(arguments, options: options, file: file, temporaryDirectory: directory)
        let diagnostics = String(decoding: result.stderr, as: UTF8.self)
            .replacingOccurrences(of: temporary, with: "<file>")
        guard result.stdout.first == UInt8(ascii: "{") else {
            let first = diagnostics.split(separator: "\n").first.map(String.init) ?? "no output"
            throw .input("\(file): error: swiftc did not parse the file (exit \(result.status)): \(first)")
        }
        return Output(json: result.stdout, diagnostics: diagnostics, cached: false)
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    /// Runs `arguments` with stdin from /dev/null, collecting stdout and stderr within the limits.
    private static func spawn(
        _ arguments: [String], options: Options, file: String, temporaryDirectory: String
    ) throws(CLIError) -> (
        stdout: [UInt8], stderr: [UInt8], status: Int32
    ) {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0 else { throw .input("\(file): error: cannot run swiftc (\(errnoText()))") }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0])
            close(outPipe[1])
            throw .input("\(file): error: cannot run swiftc (\(errnoText()))")
        }
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var environment = ["TMPDIR=" + temporaryDirectory]
        var entry = environ
        while let variable = entry.pointee {
            let text = String(cString: variable)
            if !text.hasPrefix("TMPDIR=") { environment.append(text) }
            entry += 1
        }
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        var spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        // A compiler just written may still be open in a process another thread is starting.
        for _ in 0..<20 where spawned == ETXTBSY {
            usleep(20_000)
            spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        }
        close(outPipe[1])
        close(errPipe[1])
        defer {
            close(outPipe[0])
            close(errPipe[0])
        }
        guard spawned == 0 else {
            throw .input("\(file): error: cannot run '\(arguments[0])' (\(String(cString: strerror(spawned))))")
        }
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var open = [outPipe[0], errPipe[0]]
        let deadline = Date().addingTimeInterval(options.timeout)
        var failure: String?
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while !open.isEmpty && failure == nil {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                failure = "swiftc took more than \(options.timeout) s to parse it"
                break
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000))
            if ready < 0 && errno != EINTR { failure = "cannot read swiftc's output (\(errnoText()))" }
            guard ready > 0 else { continue }
            for pfd in fds where pfd.revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(pfd.fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    open.removeAll { $0 == pfd.fd }
                } else if pfd.fd == outPipe[0] {
                    stdout += chunk[..<n]
                    if stdout.count > options.outputLimit {
                        failure = "swiftc's AST is over \(options.outputLimit >> 20) MiB"
                    }
                } else if stderr.count < 1 << 20 {
                    stderr += chunk[..<n]
                }
            }
        }
        if failure != nil { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        if let failure { throw .input("\(file): error: \(failure)") }
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (stdout, stderr, exit)
    }

    // MARK: The cache

    private static func cacheKey(source: [UInt8], compiler: Command) -> String {
        var sha = SHA256()
        sha.update(Array("refresh-frames swift-ast 1\n\(compiler.arguments.joined(separator: " "))\n".utf8))
        sha.update(Array((compiler.identity + "\n").utf8))
        sha.update(source)
        return SHA256.hex(sha.finalize())
    }

    private final class MemoryCache: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String: Output] = [:]
        private var bytes = 0

        func lookup(_ key: String) -> Output? {
            lock.lock()
            defer { lock.unlock() }
            guard var hit = entries[key] else { return nil }
            hit.cached = true
            return hit
        }

        func store(_ key: String, _ output: Output) {
            lock.lock()
            defer { lock.unlock() }
            // A watch session re-parses on every save: keep memory bounded (a few hundred MiB at most).
            if bytes > 256 << 20 {
                entries = [:]
                bytes = 0
            }
            bytes += output.json.count
            entries[key] = output
        }
    }

    private static let memory = MemoryCache()

    /// One cache file: the diagnostics' length on the first line, the diagnostics, then the JSON.
    private static func readCache(_ directory: String, _ key: String) -> Output? {
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(key).ast") else { return nil }
        let bytes = [UInt8](data)
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
            let length = Int(String(decoding: bytes[..<newline], as: UTF8.self)),
            length >= 0, newline + 1 + length < bytes.count, bytes[newline + 1 + length] == UInt8(ascii: "{")
        else { return nil }
        let diagnostics = String(decoding: bytes[(newline + 1)..<(newline + 1 + length)], as: UTF8.self)
        return Output(json: Array(bytes[(newline + 1 + length)...]), diagnostics: diagnostics, cached: true)
    }

    /// Writes a cache file under a temporary name and renames it; a cache that cannot be written is skipped.
    private static func writeCache(_ directory: String, _ key: String, _ output: Output) {
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil
        else { return }
        let diagnostics = Array(output.diagnostics.utf8)
        let bytes = Array("\(diagnostics.count)\n".utf8) + diagnostics + output.json
        let temporary = "\(directory)/.\(key).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { return }
        if rename(temporary, "\(directory)/\(key).ast") != 0 { unlink(temporary) }
    }
}
