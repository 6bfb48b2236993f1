import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The full-screen table: the alternate screen buffer, no cursor, every frame drawn from the top.
///
/// Frames are only written when they differ from the last one, so the 2 Hz tick costs nothing while
/// nothing changes.
final class TerminalScreen {
    let colour: Bool
    var lastFrame = ""
    var note: String?
    var noteUntil = Date.distantPast

    init(colour: Bool) {
        self.colour = colour
    }

    /// The terminal's settings before `enter`, restored by `leave`.
    var savedTerminal: termios?

    func enter() {
        // Keys typed while watching must not be echoed into the table (Ctrl-C still works: ISIG stays).
        var settings = termios()
        if isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 {
            self.savedTerminal = settings
            settings.c_lflag &= ~tcflag_t(ECHO | ICANON)
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
        // Alternate screen, hide cursor, clear.
        StandardStreams.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    func leave() {
        StandardStreams.write("\u{1B}[?25h\u{1B}[?1049l")
        if var saved = self.savedTerminal {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            self.savedTerminal = nil
        }
    }

    /// Shows `text` under the table for a few seconds.
    func setNote(_ text: String) {
        self.note = text
        self.noteUntil = Date().addingTimeInterval(8)
    }

    func draw(_ board: MarketBoard, header: WatchHeader, at now: Date) {
        let size = StandardStreams.terminalSize() ?? (columns: 80, rows: 24)
        var lines = MarketBoardRenderer(width: size.columns, height: max(5, size.rows - 1), colour: self.colour)
            .render(board, header: header, at: now)
        if let note, now < self.noteUntil {
            lines.append(ANSIStyle.yellow.apply(TerminalText.fit(note, to: max(20, size.columns)), enabled: self.colour))
        }
        let frame = "\u{1B}[H" + lines.joined(separator: "\r\n") + "\u{1B}[J"
        guard frame != self.lastFrame else { return }
        self.lastFrame = frame
        StandardStreams.write(frame)
    }
}
