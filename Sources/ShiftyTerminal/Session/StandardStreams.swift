#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to stdout and stderr by file descriptor: safe from any thread under strict
/// concurrency (the C `FILE*` globals are not), and immediate, which a live screen needs.
public enum StandardStreams {
    public static func write(_ text: String) {
        self.write(text, to: STDOUT_FILENO)
    }

    public static func writeError(_ text: String) {
        self.write(text, to: STDERR_FILENO)
    }

    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                // The reader went away (`| head`): remember it, drop the text, never die of SIGPIPE.
                if errno == EPIPE, descriptor == STDOUT_FILENO { closedFlag.withLock { $0 = true } }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Ignores SIGPIPE for the whole process, so a write to a closed pipe fails with EPIPE (which
    /// ``write(_:)`` notes in ``stdoutIsClosed``) instead of killing the process mid-output.
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether stdout's reader has gone: a write failed with EPIPE, or stdout is a pipe whose read end
    /// is closed (poll reports POLLERR), which is seen even before anything more is written.
    public static var stdoutIsClosed: Bool {
        if closedFlag.withLock({ $0 }) { return true }
        var descriptor = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        return descriptor.revents & Int16(POLLERR | POLLHUP) != 0
    }

    /// Whether stdout is a terminal (the live table) or a pipe or file (one line per event).
    public static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The terminal's size in columns and rows, when stdout is a terminal.
    public static func terminalSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}

private let closedFlag = Locked(false)

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
