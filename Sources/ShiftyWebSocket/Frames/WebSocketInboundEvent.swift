import NIOCore

/// What the connection learns from the peer, one complete unit at a time.
public enum WebSocketInboundEvent: Sendable, Hashable {
    case message(WebSocketMessage)
    case ping(ByteBuffer)
    case pong(ByteBuffer)
    /// A valid Close frame; `code` is `nil` when the frame had no payload.
    case close(code: WebSocketCloseCode?, reason: String)
}
