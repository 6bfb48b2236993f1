import Foundation
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program (initdb, pg_ctl) to completion and captures its output.
///
/// Uses `posix_spawn` + `waitpid` directly rather than Foundation's `Process`: the postmaster that
/// `pg_ctl start` leaves behind must not inherit any of our descriptors (sockets, pipes), and
/// `Process.waitUntilExit` was seen to hang on Linux when called off the main thread.
struct ExternalCommand: Sendable {
    var executable: String
    var arguments: [String]
    /// Run through `runuser -u <user> --` (we are root and PostgreSQL refuses to run as root).
    var runAsUser: String?

    struct Outcome: Sendable {
        var status: Int32
        var output: String
    }

    var displayText: String { ([executable] + arguments).joined(separator: " ") }

    /// Blocks a `NIOThreadPool` thread, not the caller's.
    func run() async throws -> Outcome {
        let command = self
        return try await NIOThreadPool.singleton.runIfActive { try command.runBlocking() }
    }

    func runBlocking() throws -> Outcome {
        let spawned = try spawn()
        let status = spawned.wait()
        return Outcome(status: status, output: spawned.output())
    }

    /// A started program: its process and the file its output goes to.
    final class Spawned: @unchecked Sendable {
        let pid: pid_t
        let program: String
        private let outputDescriptor: Int32

        init(pid: pid_t, program: String, outputDescriptor: Int32) {
            self.pid = pid
            self.program = program
            self.outputDescriptor = outputDescriptor
        }

        deinit { close(outputDescriptor) }

        /// Waits for the program to exit; its exit status (128 + the signal when killed).
        func wait() -> Int32 {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else { return 127 }
            }
            return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        }

        /// What it wrote so far, stdout and stderr together.
        func output() -> String { ExternalCommand.readAll(outputDescriptor) }
    }

    /// Starts the program with stdin from /dev/null (or `standardInput`), stdout and stderr to an
    /// unlinked temporary file, `extraDescriptor` as its fd 3, and nothing else of ours.
    func spawn(standardInput: Int32? = nil, extraDescriptor: Int32? = nil) throws -> Spawned {
        let argv: [String]
        if let runAsUser {
            argv = [Self.runuserPath, "-u", runAsUser, "--", executable] + arguments
        } else {
            argv = [executable] + arguments
        }
        // Output goes to an unlinked temporary file: unlike a pipe, nothing can keep us waiting
        // for an end-of-file, even if a daemonized child kept the descriptor.
        var template = Array((NSTemporaryDirectory() + "/shifty-command-XXXXXX").utf8CString)
        let outputDescriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard outputDescriptor >= 0 else {
            throw EmbeddedPostgresError("could not create a temporary file: \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(outputDescriptor, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 1)
        posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 2)
        if let extraDescriptor {
            posix_spawn_file_actions_adddup2(&actions, extraDescriptor, 3)
            _ = SpawnExtensions.closeFrom?(&actions, 4)
        } else {
            _ = SpawnExtensions.closeFrom?(&actions, 3)
        }
        // A directory every user can enter, so the postgres user does not warn about our cwd.
        _ = SpawnExtensions.changeDirectory?(&actions, "/")

        let arguments = CStringArray(argv + [nil])
        var pid: pid_t = 0
        let spawnResult = arguments.pointers.withUnsafeBufferPointer { buffer in
            posix_spawn(&pid, argv[0], &actions, nil, UnsafeMutablePointer(mutating: buffer.baseAddress!).withMemoryRebound(to: UnsafeMutablePointer<CChar>?.self, capacity: buffer.count) { $0 }, environ)
        }
        guard spawnResult == 0 else {
            close(outputDescriptor)
            throw EmbeddedPostgresError("could not start \(argv[0]): \(String(cString: strerror(spawnResult)))")
        }
        return Spawned(pid: pid, program: argv[0], outputDescriptor: outputDescriptor)
    }

    fileprivate static func readAll(_ descriptor: Int32) -> String {
        _ = lseek(descriptor, 0, SEEK_SET)
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }

    static var runuserPath: String {
        for candidate in ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser", "/bin/runuser"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return "/usr/sbin/runuser"
    }
}
