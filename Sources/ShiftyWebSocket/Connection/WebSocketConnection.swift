import NIOCore

/// A handle to send on one connection, usable from any thread.
///
/// Cheap to copy: a reference to the channel and to its handler. Calls made off the connection's event
/// loop hop onto it.
public struct WebSocketConnection: Sendable {
    public let channel: any Channel
    /// Only dereferenced on the channel's event loop (checked by every method before use).
    let handler: EventLoopConfined<WebSocketHandler>
    /// The channel's event loop, kept so that the per-send `inEventLoop` check does not first ask the
    /// channel for it (a dynamic call plus a retain and release).
    let eventLoop: any EventLoop

    init(channel: any Channel, handler: WebSocketHandler) {
        self.channel = channel
        self.eventLoop = channel.eventLoop
        self.handler = EventLoopConfined(handler)
    }

    /// Sends a text or binary message.
    public func send(_ message: WebSocketMessage) {
        // The in-loop path forms no closure: sending from a callback allocates only the frame.
        if self.eventLoop.inEventLoop {
            self.handler.value.send(message: message)
        } else {
            let handler = self.handler
            self.eventLoop.execute { handler.value.send(message: message) }
        }
    }

    /// Sends a text message.
    public func send(text: String) {
        self.send(.text(text))
    }

    /// Writes an already-encoded frame (the live push): the same bytes go to every connection.
    public func send(_ frame: WebSocketPreEncodedFrame) {
        if self.eventLoop.inEventLoop {
            self.handler.value.send(preEncoded: frame)
        } else {
            let handler = self.handler
            self.eventLoop.execute { handler.value.send(preEncoded: frame) }
        }
    }

    /// Whether a message sent now is written to the socket at once rather than queued behind earlier
    /// ones (the peer is reading). Call on the connection's event loop.
    public var isWritable: Bool {
        self.eventLoop.preconditionInEventLoop()
        return self.handler.value.acceptsWritesNow
    }

    /// Runs `body` on the connection's event loop as soon as ``isWritable`` holds (at once if it does),
    /// never if the connection closes first: a producer of many messages (a replay) sends the next
    /// ones only when the peer has taken the previous, instead of queueing them all.
    /// Call on the connection's event loop.
    public func whenWritable(_ body: @escaping () -> Void) {
        self.eventLoop.preconditionInEventLoop()
        self.handler.value.whenWritable(body)
    }

    public func ping(payload: ByteBuffer = ByteBuffer()) {
        if self.eventLoop.inEventLoop {
            self.handler.value.sendPing(payload: payload)
        } else {
            let handler = self.handler
            self.eventLoop.execute { handler.value.sendPing(payload: payload) }
        }
    }

    /// Starts the close handshake; the TCP connection ends when the peer answers or the close timeout passes.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") {
        if self.eventLoop.inEventLoop {
            self.handler.value.close(code: code, reason: reason)
        } else {
            let handler = self.handler
            self.eventLoop.execute { handler.value.close(code: code, reason: reason) }
        }
    }
}
