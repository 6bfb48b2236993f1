import NIOCore

/// The channel handler that runs one WebSocket connection after the HTTP upgrade.
///
/// It sits directly on the byte stream: it parses frames, answers pings, runs the close handshake and
/// keep-alive pings through ``WebSocketConnectionStateMachine``, and hands messages to the
/// ``WebSocketCallbacks``. It holds no buffer while the connection is idle: partial messages and queued
/// writes are allocated only while they exist.
public final class WebSocketHandler: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer
    public typealias OutboundIn = ByteBuffer
    public typealias OutboundOut = ByteBuffer

    let role: WebSocketRole
    let configuration: WebSocketConfiguration
    let callbacks: WebSocketCallbacks
    var reader: WebSocketMessageReader
    var stateMachine: WebSocketConnectionStateMachine
    var context: ChannelHandlerContext?
    /// The channel's allocator, kept from `handlerAdded`: asking the channel for it costs two dynamic
    /// calls per frame sent.
    var allocator = ByteBufferAllocator()
    /// The unread tail of the last read (an incomplete frame header, at most 13 bytes).
    var leftover: ByteBuffer?
    /// Writes waiting for the channel to become writable again.
    var queue: CircularBuffer<ByteBuffer>?
    var queuedBytes = 0
    var timer: NIOScheduledCallback?
    var isInReadLoop = false
    /// Mirrors the channel's writability (updated on writability events), saving a pipeline lookup per write.
    var isWritable = true
    var needsFlush = false
    /// Run once our queue is empty and the channel writable (``WebSocketConnection/whenWritable(_:)``).
    var writableWaiters: [() -> Void]?
    var readIsHeld = false
    var didOpen = false
    var didReportClose = false
    var peerCloseCode: WebSocketCloseCode?
    var peerCloseReason = ""

    public init(role: WebSocketRole, configuration: WebSocketConfiguration, callbacks: WebSocketCallbacks) {
        self.role = role
        self.configuration = configuration
        self.callbacks = callbacks
        self.reader = WebSocketMessageReader(
            expectsMaskedFrames: role == .server,
            maxFrameSize: configuration.maxFrameSize,
            maxMessageSize: configuration.maxMessageSize
        )
        self.stateMachine = WebSocketConnectionStateMachine(role: role)
    }

    // MARK: Lifecycle

    public func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        self.allocator = context.channel.allocator
        self.isWritable = context.channel.isWritable
        if context.channel.isActive {
            self.open(context: context)
        }
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        self.cancelTimer()
        self.context = nil
    }

    public func channelActive(context: ChannelHandlerContext) {
        self.open(context: context)
        context.fireChannelActive()
    }

    public func channelInactive(context: ChannelHandlerContext) {
        self.stateMachine.connectionClosed()
        self.cancelTimer()
        self.queue = nil
        self.queuedBytes = 0
        self.leftover = nil
        self.writableWaiters = nil
        if !self.didReportClose {
            self.didReportClose = true
            self.callbacks.onClose(self.peerCloseCode, self.peerCloseReason)
        }
        context.fireChannelInactive()
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func open(context: ChannelHandlerContext) {
        guard !self.didOpen else { return }
        self.didOpen = true
        self.scheduleTimer(context: context)
        self.callbacks.onOpen(self.connection(context: context))
    }

    func connection(context: ChannelHandlerContext) -> WebSocketConnection {
        WebSocketConnection(channel: context.channel, handler: self)
    }

    // MARK: Inbound

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = Self.unwrapInboundIn(data)
        if var pending = self.leftover {
            self.leftover = nil
            pending.writeBuffer(&buffer)
            buffer = pending
        }
        self.isInReadLoop = true
        defer { self.isInReadLoop = false }
        while self.stateMachine.readsFrames {
            let event: WebSocketInboundEvent
            do {
                guard let next = try self.reader.next(from: &buffer) else { break }
                event = next
            } catch {
                self.perform(self.stateMachine.protocolError(code: error.closeCode), context: context)
                return
            }
            self.stateMachine.receivedTraffic()
            switch event {
            case .message(let message):
                if self.stateMachine.deliversMessages {
                    self.callbacks.onMessage(message, self.connection(context: context))
                }
            case .ping(let payload):
                self.perform(self.stateMachine.receivedPing(payload), context: context)
            case .pong:
                break
            case .close(let code, let reason):
                self.peerCloseCode = code
                self.peerCloseReason = reason
                self.perform(self.stateMachine.receivedClose(code: code), context: context)
            }
        }
        if buffer.readableBytes > 0, self.stateMachine.readsFrames {
            // Keep only the few bytes of an incomplete header, never the whole read.
            var copy = context.channel.allocator.buffer(capacity: buffer.readableBytes)
            copy.writeBuffer(&buffer)
            self.leftover = copy
        }
    }

    public func channelReadComplete(context: ChannelHandlerContext) {
        self.flushIfNeeded(context: context)
        context.fireChannelReadComplete()
    }

    // MARK: Outbound pass-through and backpressure

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
    }

    /// Reads are held while the channel is not writable, so a peer that does not read our answers cannot
    /// make us buffer ever more of them (an echo stops reading until its output drains).
    public func read(context: ChannelHandlerContext) {
        if self.isWritable || !self.stateMachine.readsFrames {
            context.read()
        } else {
            self.readIsHeld = true
        }
    }

    public func channelWritabilityChanged(context: ChannelHandlerContext) {
        self.isWritable = context.channel.isWritable
        if self.isWritable {
            self.drainQueue(context: context)
            self.notifyWritable()
            if self.readIsHeld, self.isWritable {
                self.readIsHeld = false
                context.read()
            }
        }
        context.fireChannelWritabilityChanged()
    }
}
