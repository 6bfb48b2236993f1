import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program the tests start (the `shifty` binary, python3 stand-ins, tmux), with `posix_spawnp`
/// instead of Foundation's `Process`.
///
/// Why: on Linux `Process.run()` reads `/proc/self/fd` with a 256-byte copy of each directory entry
/// and crashes now and then when an entry ends a page (swift-corelibs-foundation #5472): a whole
/// `swift test` died in `Process.run` that way. Our descriptors are all close-on-exec (pipes made
/// here with `O_CLOEXEC`, NIO's and libpq's sockets), so the child keeps only 0, 1 and 2.
public final class ChildProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// The test process's own stream.
        case inherit
        /// A pipe whose other end is ``standardInput``, ``standardOutput`` or ``standardError``.
        case pipe
    }

    public let pid: pid_t
    /// Our ends of the pipes asked for (the write end for stdin, read ends for the others).
    public let standardInput: FileHandle?
    public let standardOutput: FileHandle?
    public let standardError: FileHandle?

    private let exited = NSCondition()
    private static let spawning = NSLock()
    private var status: Int32?

    /// Starts `arguments[0]` (looked up in `PATH`) with `arguments`; `environment` replaces ours.
    public init(
        _ arguments: [String], environment: [String: String]? = nil,
        standardInput: Stream = .null, standardOutput: Stream = .pipe, standardError: Stream = .pipe
    ) throws {
        precondition(!arguments.isEmpty, "a program to start")
        // Pipes are made and marked close-on-exec, and the program started, under one lock: no other
        // test's child can be started in between and inherit an end (its reader would then wait for
        // an end-of-file until that child exits). Glibc's `pipe2` is not visible to Swift.
        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        var childEnds: [Int32] = []
        defer { childEnds.forEach { _ = close($0) } }
        func connect(_ stream: Stream, to target: Int32, childReads: Bool) throws -> FileHandle? {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", childReads ? O_RDONLY : O_WRONLY, 0)
                return nil
            case .inherit:
                return nil
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw ChildProcessError("pipe: \(String(cString: strerror(errno)))") }
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
                let (childEnd, ourEnd) = childReads ? (ends[0], ends[1]) : (ends[1], ends[0])
                childEnds.append(childEnd)
                // dup2 onto 0/1/2 clears close-on-exec for the child's copy only.
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
                return FileHandle(fileDescriptor: ourEnd, closeOnDealloc: true)
            }
        }
        self.standardInput = try connect(standardInput, to: 0, childReads: true)
        self.standardOutput = try connect(standardOutput, to: 1, childReads: false)
        self.standardError = try connect(standardError, to: 2, childReads: false)

        let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = Self.withCStrings(arguments) { argv in
            Self.withCStrings(environmentLines) { envp in posix_spawnp(&pid, argv[0]!, &actions, nil, argv, envp) }
        }
        guard result == 0 else {
            throw ChildProcessError("could not start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        let child = pid
        // One thread waits for the exit, so `isRunning`, `terminate` and `waitUntilExit` never race
        // over `waitpid` (a pid reaped twice could be another process's by then).
        Thread.detachNewThread { [self] in
            var raw: Int32 = 0
            while waitpid(child, &raw, 0) < 0 {
                guard errno == EINTR else { raw = 127 << 8; break }
            }
            // The shell's convention: the exit code, or 128 + the signal that ended it.
            let code = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
            exited.lock()
            status = code
            exited.broadcast()
            exited.unlock()
        }
    }

    public var isRunning: Bool {
        exited.lock()
        defer { exited.unlock() }
        return status == nil
    }

    /// The exit status (after ``waitUntilExit()``): the exit code, or 128 + the signal.
    public var terminationStatus: Int32 {
        waitUntilExit()
        exited.lock()
        defer { exited.unlock() }
        return status ?? -1
    }

    /// Sends `signal` (SIGTERM) unless it has exited already.
    public func terminate(_ signal: Int32 = SIGTERM) {
        exited.lock()
        defer { exited.unlock() }
        if status == nil { _ = kill(pid, signal) }
    }

    /// Blocks until the program has exited.
    public func waitUntilExit() {
        exited.lock()
        while status == nil { exited.wait() }
        exited.unlock()
    }

    /// What a finished program said.
    public struct Result: Sendable, CustomStringConvertible {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var description: String { "status \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    /// Runs a program to its end off the cooperative pool, collecting both outputs; it is killed
    /// after `timeout` seconds (a guard against a hanging test, not a speed requirement).
    public static func run(
        _ arguments: [String], environment: [String: String]? = nil, standardInput: Stream = .null, timeout: Double = 120
    ) async throws -> Result {
        let child = try ChildProcess(arguments, environment: environment, standardInput: standardInput)
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: child.collect(timeout: timeout)) }
        }
    }

    /// Blocks until the program ends (killing it after `timeout` seconds) and returns its outputs.
    public func collect(timeout: Double) -> Result {
        let deadline = DispatchTime.now() + timeout
        DispatchQueue.global().asyncAfter(deadline: deadline) { [self] in terminate(SIGKILL) }
        // Read on its own thread, so a child filling one pipe never waits on us reading the other;
        // written before the semaphore is signalled, read after it is waited for.
        final class Collected: @unchecked Sendable { var data = Data() }
        let errorText = Collected()
        let errorRead = DispatchSemaphore(value: 0)
        if let standardError {
            Thread.detachNewThread {
                errorText.data = PipeReader.readToEnd(standardError)
                errorRead.signal()
            }
        } else {
            errorRead.signal()
        }
        let output = standardOutput.map(PipeReader.readToEnd) ?? Data()
        errorRead.wait()
        waitUntilExit()
        return Result(
            status: terminationStatus, stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errorText.data, as: UTF8.self))
    }

    /// `strings` as a NULL-terminated array of C strings for the duration of `body`.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

public struct ChildProcessError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
