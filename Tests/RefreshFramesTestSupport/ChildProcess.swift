import Foundation

/// A child process started with posix_spawn(3), its standard streams read from and written to files
/// (a pipe would be held open by a daemonising grandchild), optionally with no signal blocked and every
/// signal's default action, as a shell starts one: the test runner's threads block most signals and
/// ignore some, and a child inherits both.
package final class ChildProcess {
    package let pid: pid_t
    /// How it ended: whether it exited (else a signal ended it), and the status or the signal.
    package private(set) var ending: (exited: Bool, status: Int32)?
    /// Its resource use, once it ended (`ru_maxrss` is its peak resident memory in KiB).
    package private(set) var usage = rusage()

    package init(
        _ arguments: [String], stdin: String = "/dev/null", stdout: String = "/dev/null",
        stderr: String = "/dev/null", environment: [String: String]? = nil, defaultSignals: Bool = false
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if defaultSignals {
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            var all = sigset_t()
            sigfillset(&all)
            sigdelset(&all, SIGKILL)
            sigdelset(&all, SIGSTOP)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let variables = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        let env: [UnsafeMutablePointer<CChar>?]? = variables.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in env ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let spawned =
            env.map { env in posix_spawn(&pid, arguments[0], &actions, &attributes, argv, env) }
            ?? posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        self.pid = pid
    }

    /// Whether it has ended, without waiting.
    package var hasEnded: Bool { ending != nil || reap(options: WNOHANG) }

    /// Waits for the end.
    @discardableResult
    package func wait() -> (exited: Bool, status: Int32) {
        while ending == nil && !reap(options: 0) {}
        return ending!
    }

    /// The exit status, or 128 + the signal that ended it, as a shell says.
    package var shellStatus: Int32 {
        let (exited, status) = wait()
        return exited ? status : 128 + status
    }

    private func reap(options: Int32) -> Bool {
        var status: Int32 = 0
        let result = wait4(pid, &status, options, &usage)
        guard result == pid else { return false }
        let exited = status & 0x7F == 0
        ending = (exited, exited ? (status >> 8) & 0xFF : status & 0x7F)
        return true
    }
}
