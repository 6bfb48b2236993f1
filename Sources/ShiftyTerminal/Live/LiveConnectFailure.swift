/// Why opening the live WebSocket failed, as the state machine needs to know it.
public enum LiveConnectFailure: Sendable, Hashable {
    /// The network or the server is away (refused, reset, timeout, DNS, 5xx): try again later.
    case unreachable(String)
    /// 401 before the upgrade: the token is unknown, expired or revoked.
    case unauthorized
    /// Another HTTP refusal (403, 400): retrying cannot help.
    case refused(status: Int, message: String)
    /// This client cannot connect that way at all (e.g. `wss://`, which needs TLS).
    case unsupported(String)
}
