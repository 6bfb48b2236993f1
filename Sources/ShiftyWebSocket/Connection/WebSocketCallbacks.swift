/// What the application does with a connection. One value serves every connection of an endpoint.
///
/// The callbacks run on the connection's event loop, in order, and must not block; they get a
/// ``WebSocketConnection`` to send with. Callbacks instead of a task per connection keep an idle
/// connection down to its channel and one handler object (see docs/websocket.md, "Memory"). A class so
/// that the thousands of connections of one endpoint share a single instance (one pointer each).
public final class WebSocketCallbacks: Sendable {
    public let onOpen: @Sendable (WebSocketConnection) -> Void
    public let onMessage: @Sendable (WebSocketMessage, WebSocketConnection) -> Void
    /// Called once when the connection is gone, with the peer's close code (`nil` if it sent none or the
    /// connection was dropped).
    public let onClose: @Sendable (WebSocketCloseCode?, String) -> Void
    /// Called when the connection is being closed with 1013 because the peer stopped reading and the
    /// bounded outbound queue overflowed (for metrics: what was queued is dropped).
    public let onSlowConsumer: (@Sendable () -> Void)?

    public init(
        onOpen: @escaping @Sendable (WebSocketConnection) -> Void = { _ in },
        onMessage: @escaping @Sendable (WebSocketMessage, WebSocketConnection) -> Void = { _, _ in },
        onClose: @escaping @Sendable (WebSocketCloseCode?, String) -> Void = { _, _ in },
        onSlowConsumer: (@Sendable () -> Void)? = nil
    ) {
        self.onSlowConsumer = onSlowConsumer
        self.onOpen = onOpen
        self.onMessage = onMessage
        self.onClose = onClose
    }

    /// Sends every data message back unchanged: the conformance and benchmark endpoint.
    public static let echo = WebSocketCallbacks(onMessage: { message, connection in
        connection.send(message)
    })
}
