import Foundation

/// What the watch screen says about the connection.
public enum ConnectionStatus: Sendable, Hashable {
    case connecting
    /// Connected; the marketplace is being (re)loaded over HTTP.
    case loading
    case connected
    /// Waiting before reconnect attempt `attempt` (1 = the first retry), which starts at `at`.
    case reconnecting(at: Date, attempt: Int)
    /// The server ended the session (1008 or 401): only `shifty login` helps.
    case sessionEnded
    /// Gave up for a reason reconnecting cannot fix.
    case stopped(String)

    /// After this many failed attempts in a row the screen says "offline" rather than "reconnecting".
    public static let offlineAfterAttempts = 3

    /// One short phrase, e.g. "connected" or "reconnecting in 4s".
    public func text(at now: Date) -> String {
        switch self {
        case .connecting: return TerminalLanguage.text("terminal.status.connecting")
        case .loading: return TerminalLanguage.text("terminal.status.loading")
        case .connected: return TerminalLanguage.text("terminal.status.connected")
        case .reconnecting(let at, let attempt):
            let seconds = max(0, Int(at.timeIntervalSince(now).rounded(.up)))
            let key = attempt >= Self.offlineAfterAttempts ? "terminal.status.offlineReconnecting" : "terminal.status.reconnecting"
            return TerminalLanguage.text(key, ["seconds": "\(seconds)"])
        case .sessionEnded: return TerminalLanguage.text("terminal.status.sessionEnded")
        case .stopped(let reason): return TerminalLanguage.text("terminal.status.stopped", ["reason": reason])
        }
    }

    var style: ANSIStyle {
        switch self {
        case .connected: .green
        case .connecting, .loading: .yellow
        case .reconnecting(_, let attempt): attempt >= Self.offlineAfterAttempts ? .red : .yellow
        case .sessionEnded, .stopped: .red
        }
    }
}
