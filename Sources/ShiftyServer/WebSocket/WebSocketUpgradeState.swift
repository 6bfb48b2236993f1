import NIOCore
import NIOHTTP1
import ShiftyWebSocket

/// Per-connection notes shared by the upgrader and the HTTP fallback, confined to the channel's event loop.
final class WebSocketUpgradeState {
    /// The callbacks and limits chosen by the application, between the decision and the pipeline switch.
    var accepted: (WebSocketConfiguration, WebSocketCallbacks)?
    /// Set when we already answered the request with an error.
    var refused = false
    /// The first request head, kept so it can be replayed to the HTTP pipeline: NIO's upgrade handler does
    /// not forward the head of a request that asked for an upgrade it did not perform.
    var firstRequestHead: HTTPRequestHead?

    init() {}
}
