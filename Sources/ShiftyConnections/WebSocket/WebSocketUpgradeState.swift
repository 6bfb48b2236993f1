import NIOCore
import NIOHTTP1
import ShiftyWebSocket

/// Per-connection notes shared by the upgrader and the HTTP fallback, confined to the channel's event loop.
final class WebSocketUpgradeState {
    /// The callbacks and limits chosen by the application, between the decision and the pipeline switch.
    var accepted: (WebSocketConfiguration, WebSocketCallbacks)?
    /// Set when we already answered the request with an error.
    var refused = false
    /// The first request head. NIO's upgrade handler does not forward the head of a request that carries
    /// an `Upgrade` header, even when it ends up not upgrading; we replay it to the HTTP pipeline.
    var firstRequestHead: HTTPRequestHead?
    /// Whether NIO swallowed the head (the request named a protocol to upgrade to).
    var headWasSwallowed = false
    /// Whether the end of the first request went by before the HTTP pipeline was set up (NIO swallows it too).
    var firstRequestEnded = false

    init() {}
}
