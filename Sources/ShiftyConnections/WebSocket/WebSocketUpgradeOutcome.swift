import NIOCore
import NIOHTTPTypes

/// How the first request of a connection was handled by the upgrade machinery.
public enum WebSocketUpgradeOutcome: Sendable {
    /// Plain HTTP: requests continue through the Hummingbird responder.
    case http(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
    /// Upgraded: the WebSocket handler owns the channel; no task is needed for it.
    case webSocket
    /// We answered with an HTTP error and the connection is closing.
    case refused
}
