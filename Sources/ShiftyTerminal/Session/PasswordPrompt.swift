#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a password from the terminal without echoing it.
public enum PasswordPrompt {
    /// Prints `prompt` to stderr and reads one line from stdin with echo off (when stdin is a terminal).
    /// `nil` at end of input.
    public static func read(prompt: String) -> String? {
        StandardStreams.writeError(prompt)
        var original = termios()
        let isTerminal = isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &original) == 0
        if isTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            silent.c_lflag |= tcflag_t(ECHONL)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if isTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
        }
        guard let line = Swift.readLine(strippingNewline: true) else { return nil }
        return line
    }
}
