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
        case .connecting: return "connecting…"
        case .loading: return "loading…"
        case .connected: return "connected"
        case .reconnecting(let at, let attempt):
            let seconds = max(0, Int(at.timeIntervalSince(now).rounded(.up)))
            let prefix = attempt >= Self.offlineAfterAttempts ? "offline, " : ""
            return "\(prefix)reconnecting in \(seconds)s"
        case .sessionEnded: return "session ended, run shifty login"
        case .stopped(let reason): return "stopped: \(reason)"
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
