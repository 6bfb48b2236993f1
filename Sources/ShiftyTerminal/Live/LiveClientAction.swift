/// What the live client's I/O shell must do next, as decided by ``LiveClientState``.
public enum LiveClientAction: Sendable, Hashable {
    /// Open the WebSocket at this path and query (`/api/v1/live?topics=…&after=…`).
    case connect(target: String)
    /// Load `GET /api/v1/marketplace` and report it with `marketplaceLoaded` (or `marketplaceLoadFailed`).
    case loadMarketplace
    /// Replace the board with what was loaded (flashing the differences unless it is the first load).
    case replaceBoard([MarketShift], firstLoad: Bool)
    /// Apply an event to the board and show it.
    case apply(LiveEvent)
    /// Send a client message (a JSON text frame).
    case send(String)
    /// Call `reconnectDelayElapsed` after this many seconds.
    case scheduleReconnect(seconds: Double, attempt: Int)
    /// Close the WebSocket (normal closure).
    case close
    /// Forget the connection being opened (or waiting for `hello`): drop it and ignore anything it
    /// reports later.
    case abandonConnection
    /// Tell the user something (a refusal, a protocol error); not fatal by itself.
    case report(String)
    /// The connection state to show changed.
    case statusChanged
    /// Stop the client: nothing more will happen.
    case finish
}
