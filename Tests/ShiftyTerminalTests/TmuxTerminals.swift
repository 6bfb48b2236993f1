import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ShiftyTestSupport
import Testing

/// Real terminals for tests: a private tmux server (its own socket in a temp dir, no config file)
/// whose windows each run a shell with one user's environment. `screen(_:)` is what that user sees,
/// as tmux's terminal emulator rendered it (escapes applied, colours dropped).
///
/// The tmux server outlives the client that starts it, so it must not inherit the test runner's
/// pipes (the run would then never see EOF and hang): every tmux command runs with every descriptor
/// above 2 closed and stdin, stdout and stderr from /dev/null (stdout to a pipe only for commands
/// that print, which never start a server). Call ``stop()`` in a `defer`.
final class TmuxTerminals: Sendable {
    let directory: URL
    var socket: String { self.directory.appendingPathComponent("tmux.sock").path }

    init() throws {
        self.directory = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-tmux-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
    }

    static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Opens a terminal `name` (`width`×`height`) running `sh` as one user of `server`.
    func open(_ name: String, server: String, token: String?, width: Int = 150, height: Int = 40) async throws {
        let home = self.directory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(home)", "XDG_CONFIG_HOME=\(home)/config", "TERM=screen", "LANG=C.UTF-8",
            "SHIFTY_SERVER=\(server)", "SHIFTY_TOKEN=\(token ?? "")", "SHIFTY=\(ShiftyBinary.path)", "PS1=$ ",
        ]
        let result = try await self.tmux(
            ["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", "env", "-i"] + environment + ["sh"], printing: false)
        try #require(result.status == 0, "tmux new-session: \(result)")
    }

    /// Types `line` and Enter into terminal `name`.
    func type(_ name: String, _ line: String) async throws {
        let result = try await self.tmux(["send-keys", "-t", name, "-l", line])
        try #require(result.status == 0, "tmux send-keys: \(result)")
        _ = try await self.tmux(["send-keys", "-t", name, "Enter"])
    }

    /// Presses one key (no Enter).
    func press(_ name: String, _ key: String) async throws {
        _ = try await self.tmux(["send-keys", "-t", name, "-l", key])
    }

    /// The visible screen of terminal `name`, trailing blanks removed; `joined`: lines the terminal
    /// wrapped are joined again (so a line wider than the terminal shows as one long line).
    func screen(_ name: String, joined: Bool = false) async throws -> String {
        let result = try await self.tmux(["capture-pane", "-p"] + (joined ? ["-J"] : []) + ["-t", name])
        return result.output
    }

    /// Waits up to `timeout` seconds until `name`'s screen meets `condition`; returns that screen.
    @discardableResult
    func waitForScreen(
        _ name: String, timeout: Double = 20, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try await self.screen(name)
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(150))
        }
        Issue.record("timed out waiting for \(what) in terminal \(name); the screen:\n\(last)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// Kills the tmux server and everything running in its terminals, and removes the temp dir.
    func stop() {
        if let pid = try? Self.spawn(["-S", self.socket, "kill-server"], output: nil) {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(at: self.directory)
    }

    struct Result: CustomStringConvertible {
        var status: Int32
        var output: String
        var description: String { "exit \(status): \(output)" }
    }

    /// Runs one tmux command off the cooperative pool.
    func tmux(_ arguments: [String], printing: Bool = true) async throws -> Result {
        let pipe = printing ? Pipe() : nil
        let pid = try Self.spawn(["-S", self.socket, "-f", "/dev/null"] + arguments, output: pipe?.fileHandleForWriting.fileDescriptor)
        try? pipe?.fileHandleForWriting.close()
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let data = pipe.map { PipeReader.readToEnd($0.fileHandleForReading) } ?? Data()
                var status: Int32 = 0
                waitpid(pid, &status, 0)
                let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                continuation.resume(returning: Result(status: exitCode, output: String(decoding: data, as: UTF8.self)))
            }
        }
    }

    struct SpawnFailed: Error { var code: Int32 }

    /// Starts `tmux arguments…` through bash, which first closes every descriptor above 2 it
    /// inherited; stdin and stderr are /dev/null, stdout `output` or /dev/null. posix_spawn (not
    /// Process) so the child starts with no blocked signals and default handlers: the test runner's
    /// threads block most signals, and a tmux server inheriting that mask never reaps its panes
    /// and ignores kill-server and SIGTERM alike.
    static func spawn(_ arguments: [String], output: Int32?) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let script = #"""
            for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-" 2>/dev/null; fi; done
            exec /usr/bin/tmux "$@"
            """#
        let argv = (["/bin/bash", "-c", script, "tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, "/bin/bash", &actions, &attributes, argv, environ)
        guard code == 0 else { throw SpawnFailed(code: code) }
        return pid
    }
}
