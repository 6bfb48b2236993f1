import NIOCore

extension WebSocketHandler {
    /// Sends a data message (masked with a fresh key if we are the client).
    func send(message: WebSocketMessage) {
        guard let context = self.context, self.stateMachine.acceptsOutboundMessages else { return }
        let size = message.data.readableBytes
        if self.role == .server, size > Self.separateWriteThreshold {
            // Large unmasked payloads are not copied: the header goes out as its own small buffer, followed
            // by the payload buffer itself (a vector write on the socket), under one flush.
            var header = self.allocator.buffer(capacity: 10)
            WebSocketFrameEncoder.writeHeader(
                WebSocketFrameHeader(fin: true, opcode: message.opcode, maskingKey: nil, payloadLength: size),
                into: &header
            )
            self.enqueue(header, context: context, bypassLimit: true, flush: false)
            self.enqueue(message.data, context: context)
            if !self.isInReadLoop {
                // The payload may have been queued behind the unflushed header: flush the header now.
                self.flushIfNeeded(context: context)
            }
            return
        }
        self.enqueue(self.encode(opcode: message.opcode, payload: message.data), context: context)
    }

    /// Above this payload size a server frame is written as header + payload instead of being copied.
    static var separateWriteThreshold: Int { 4096 }

    /// Sends a frame encoded once for many connections. Only servers may do this: client frames must be
    /// masked with a per-frame key, so their bytes can never be shared.
    func send(preEncoded frame: WebSocketPreEncodedFrame) {
        guard self.role == .server, let context = self.context, self.stateMachine.acceptsOutboundMessages else { return }
        self.enqueue(frame.bytes, context: context)
    }

    func sendPing(payload: ByteBuffer) {
        guard let context = self.context, self.stateMachine.acceptsOutboundMessages else { return }
        self.enqueue(self.encode(opcode: .ping, payload: payload), context: context, bypassLimit: true)
    }

    /// Starts the close handshake.
    func close(code: WebSocketCloseCode, reason: String) {
        guard let context = self.context else { return }
        self.perform(self.stateMachine.close(code: code, reason: reason), context: context)
    }

    func encode(opcode: WebSocketOpcode, payload: ByteBuffer) -> ByteBuffer {
        WebSocketFrameEncoder.encodeFrameExactSize(
            opcode: opcode,
            maskingKey: self.role == .client ? WebSocketMaskingKey.random() : nil,
            payload: payload
        )
    }

    /// Writes now if the channel is writable and nothing is queued; queues otherwise, up to the limit.
    ///
    /// Outside the read loop a write is flushed at once (`flush: false` defers that to the next write),
    /// with one `writeAndFlush`: the pipeline is walked once per frame instead of twice. `bytes` is
    /// consumed so that wrapping it in `NIOAny` moves the fresh frame instead of retaining it once more.
    func enqueue(_ bytes: consuming ByteBuffer, context: ChannelHandlerContext, bypassLimit: Bool = false, flush: Bool = true) {
        if self.queue == nil, self.isWritable {
            if flush, !self.isInReadLoop {
                self.needsFlush = false
                context.writeAndFlush(NIOAny(bytes), promise: nil)  // concrete NIOAny: no dynamic cast
            } else {
                context.write(NIOAny(bytes), promise: nil)
                self.needsFlush = true
            }
            return
        }
        self.appendToQueue(bytes, context: context, bypassLimit: bypassLimit)
    }

    /// The slow path of ``enqueue(_:context:bypassLimit:flush:)``, kept out of line so that the per-frame
    /// path stays small (and holds no access to `queue` open across a call).
    @inline(never)
    func appendToQueue(_ bytes: consuming ByteBuffer, context: ChannelHandlerContext, bypassLimit: Bool) {
        self.queuedBytes += bytes.readableBytes
        if !bypassLimit, self.queuedBytes > self.configuration.maxQueuedBytes {
            // The consumer fell too far behind: drop what is queued and tell it to come back later.
            self.queue = nil
            self.queuedBytes = 0
            self.callbacks.onSlowConsumer?()
            self.perform(
                self.stateMachine.close(code: .tryAgainLater, reason: "consumer too slow"),
                context: context,
                discardQueue: true
            )
            return
        }
        if self.queue == nil {
            self.queue = CircularBuffer(initialCapacity: 4)
        }
        self.queue!.append(bytes)
    }

    func drainQueue(context: ChannelHandlerContext) {
        guard self.queue != nil else { return }
        while self.isWritable, let next = self.queue?.popFirst() {
            self.queuedBytes -= next.readableBytes
            context.write(NIOAny(next), promise: nil)
            self.needsFlush = true
        }
        if self.queue?.isEmpty == true {
            self.queue = nil
            self.queuedBytes = 0
        }
        self.flushIfNeeded(context: context)
    }

    func flushIfNeeded(context: ChannelHandlerContext) {
        if self.needsFlush {
            self.needsFlush = false
            context.flush()
        }
    }

    /// Carries out a state machine action.
    func perform(
        _ action: WebSocketConnectionStateMachine.Action,
        context: ChannelHandlerContext,
        discardQueue: Bool = false
    ) {
        switch action {
        case .none:
            break
        case .sendPong(let payload):
            self.enqueue(self.encode(opcode: .pong, payload: payload), context: context, bypassLimit: true)
        case .sendPing:
            self.enqueue(self.encode(opcode: .ping, payload: ByteBuffer()), context: context, bypassLimit: true)
        case .closeConnection:
            self.cancelTimer()
            context.close(promise: nil)
        case .sendClose(let code, let reason, let then):
            let payload = WebSocketFrameEncoder.closePayload(code: code, reason: reason)
            let frame = self.encode(opcode: .close, payload: payload)
            switch then {
            case .closeConnection:
                // Failing the connection: whatever is queued no longer matters.
                self.queue = nil
                self.queuedBytes = 0
                self.restartTimer(context: context, in: self.configuration.closeTimeout)
                context.writeAndFlush(Self.wrapOutboundOut(frame)).assumeIsolated().whenComplete { _ in
                    context.close(promise: nil)
                }
            case .awaitPeer:
                if discardQueue {
                    self.queue = nil
                    self.queuedBytes = 0
                }
                self.enqueue(frame, context: context, bypassLimit: true)
                self.flushIfNeeded(context: context)
                self.restartTimer(context: context, in: self.configuration.closeTimeout)
            }
        }
    }
}
