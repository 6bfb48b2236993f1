import NIOCore

/// A handle to send on one connection, usable from any thread.
///
/// Cheap to copy: a reference to the channel and to its handler. Calls made off the connection's event
/// loop hop onto it.
public struct WebSocketConnection: Sendable {
    public let channel: any Channel
    let handler: NIOLoopBound<WebSocketHandler>

    init(channel: any Channel, handler: NIOLoopBound<WebSocketHandler>) {
        self.channel = channel
        self.handler = handler
    }

    /// Sends a text or binary message.
    public func send(_ message: WebSocketMessage) {
        self.onEventLoop { $0.send(message: message) }
    }

    /// Sends a text message.
    public func send(text: String) {
        self.send(.text(text))
    }

    /// Writes an already-encoded frame (the live push): the same bytes go to every connection.
    public func send(_ frame: WebSocketPreEncodedFrame) {
        self.onEventLoop { $0.send(preEncoded: frame) }
    }

    public func ping(payload: ByteBuffer = ByteBuffer()) {
        self.onEventLoop { $0.sendPing(payload: payload) }
    }

    /// Starts the close handshake; the TCP connection ends when the peer answers or the close timeout passes.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") {
        self.onEventLoop { $0.close(code: code, reason: reason) }
    }

    private func onEventLoop(_ body: @escaping @Sendable (WebSocketHandler) -> Void) {
        let eventLoop = self.channel.eventLoop
        if eventLoop.inEventLoop {
            body(self.handler.value)
        } else {
            let handler = self.handler
            eventLoop.execute { body(handler.value) }
        }
    }
}
