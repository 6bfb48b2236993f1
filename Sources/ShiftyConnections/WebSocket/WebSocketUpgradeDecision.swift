import NIOHTTP1
import ShiftyWebSocket

/// The application's answer to an upgrade request, given before the 101 is sent.
///
/// Deciding before the 101 lets the application authenticate (cookie or bearer token, checked against
/// the database) and check `Origin`, and refuse with a proper HTTP status instead of accepting and then
/// closing the WebSocket.
public enum WebSocketUpgradeDecision: Sendable {
    /// This path is not a WebSocket endpoint: the request goes to the HTTP router like any other.
    case notWebSocket
    /// Refuse with this HTTP answer (e.g. 401, 403); the connection closes after it.
    case refuse(WebSocketHandshakeRefusal)
    /// Accept, optionally choosing one of the subprotocols the client offered, and run the connection with
    /// these callbacks and limits.
    case accept(subprotocol: String? = nil, configuration: WebSocketConfiguration = .init(), callbacks: WebSocketCallbacks)

    /// Refuse with a status and an optional plain-text body.
    public static func refuse(status: HTTPResponseStatus, headers: HTTPHeaders = [:], body: String = "") -> Self {
        .refuse(WebSocketHandshakeRefusal(status: status, headers: headers, body: body))
    }
}
