import NIOCore

extension WebSocketHandler {
    /// A server that shuts down gracefully asks its connections to quiesce; a WebSocket answers by
    /// starting the close handshake with 1001 "going away", so clients know to reconnect elsewhere
    /// instead of seeing the TCP connection vanish (and the server does not wait for idle sockets).
    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            self.close(code: .goingAway, reason: "server shutting down")
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
