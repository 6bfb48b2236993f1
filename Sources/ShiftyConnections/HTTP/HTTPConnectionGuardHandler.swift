import NIOCore
import NIOHTTP1

/// Applies ``HTTPConnectionGuard`` to a connection: sits right behind NIO's HTTP decoder, sees every
/// decoded request part, every response part on its way out and every parser error, and runs the one
/// timer. Raw byte arrivals come from ``HTTPInboundByteWatcher`` in front of the decoder.
///
/// It is one of the upgrade handler's "extra HTTP handlers", so a WebSocket upgrade removes it with the
/// decoder: upgraded connections are not subject to HTTP timeouts.
final class HTTPConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var machine: HTTPConnectionGuard
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    private let registry: HTTPConnectionRegistry
    /// What the registry was last told: the connection waits for a request.
    private var registeredIdle = false
    /// In front of the decoder; told how long a body is so it can find where the request ends.
    weak var byteWatcher: HTTPInboundByteWatcher?

    init(timeouts: HTTPConnectionTimeouts, registry: HTTPConnectionRegistry, admission: HTTPConnectionGuard.Admission = .regular) {
        self.machine = HTTPConnectionGuard(timeouts: timeouts, admission: admission)
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive {
            self.run(self.machine.connected(now: context.eventLoop.now), context: context)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
        self.context = nil
        // Upgraded (or closing): no longer an idle HTTP connection that may be evicted.
        if self.registeredIdle {
            self.registeredIdle = false
            self.registry.setIdle(context.channel, false, now: context.eventLoop.now)
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        self.run(self.machine.connected(now: context.eventLoop.now), context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
        context.fireChannelInactive()
    }

    /// Called by the byte watcher (same event loop) when bytes arrive, before they are decoded.
    func bytesArrived() {
        guard let context = self.context else { return }
        self.run(self.machine.bytesArrived(now: context.eventLoop.now), context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard self.machine.phase != .closing else { return }
        let action: HTTPConnectionGuard.Action
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            action = self.machine.headReceived(head, now: context.eventLoop.now)
            if let length = Self.contentLength(head) { self.byteWatcher?.expectBody(length: length) }
        case .body(let buffer): action = self.machine.bodyReceived(bytes: buffer.readableBytes, now: context.eventLoop.now)
        case .end: action = self.machine.endReceived(now: context.eventLoop.now)
        }
        self.run(action, context: context)
        // A refused head (no Host, not a health check) goes no further than here.
        guard self.machine.phase != .closing else { return }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Once answered, what the decoder still says about the rest of the bytes is of no interest.
        guard self.machine.phase != .closing else { return }
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        // Answered here; the rest of the pipeline never sees the broken request.
        self.run(self.machine.parseFailed(parserError), context: context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard self.machine.phase != .closing else {
            // Our own answer is the last thing on this connection.
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch Self.unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            if self.machine.admission == .healthCheckOnly {
                // The answer is the last thing on a connection over the ceiling.
                head.headers.replaceOrAdd(name: "Connection", value: "close")
                context.write(Self.wrapOutboundOut(.head(head)), promise: promise)
            } else {
                context.write(data, promise: promise)
            }
            self.run(self.machine.responseHeadWritten(), context: context)
        case .end:
            let action = self.machine.responseEndWritten(now: context.eventLoop.now)
            guard action == .closeWhenWritten else {
                context.write(data, promise: promise)
                self.run(action, context: context)
                return
            }
            self.timer?.cancel()
            self.timer = nil
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.assumeIsolated().whenComplete { result in
                promise?.completeWith(result)
                context.close(promise: nil)
            }
            context.write(data, promise: written)
        case .head, .body:
            context.write(data, promise: promise)
        }
    }

    /// Closing a socket with unread bytes in it makes the kernel send a reset, which can destroy our
    /// answer before the client reads it (a 431 for a 100 KB head is sent while most of the head is
    /// still unread). So: end our side, keep reading (and dropping) for a moment, then close.
    private func lingerThenClose(context: ChannelHandlerContext) {
        let channel = context.channel
        context.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
        channel.eventLoop.scheduleTask(in: Self.linger) {
            channel.close(promise: nil)
        }
    }

    static var linger: TimeAmount { .seconds(2) }

    /// The body length a head announces, when it is a `Content-Length` (a chunked body ends at a blank
    /// line, which the watcher finds by itself).
    static func contentLength(_ head: HTTPRequestHead) -> Int? {
        guard !head.headers.contains(name: "Transfer-Encoding"),
              let value = head.headers.first(name: "Content-Length"),
              let length = Int(value.filter { $0 != " " && $0 != "\t" }), length > 0
        else { return nil }
        return length
    }

    private func run(_ action: HTTPConnectionGuard.Action, context: ChannelHandlerContext) {
        // A health-check connection is not the registry's to evict: it holds a slot of its own.
        let isIdle = self.machine.phase == .awaitingRequest && self.machine.admission == .regular
        if isIdle != self.registeredIdle {
            self.registeredIdle = isIdle
            self.registry.setIdle(context.channel, isIdle, now: context.eventLoop.now)
        }
        switch action {
        case .none:
            break
        case .schedule(let deadline):
            self.timer?.cancel()
            self.timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in
                guard let self, let context = self.context else { return }
                self.timer = nil
                self.run(self.machine.timerFired(now: context.eventLoop.now), context: context)
            }
        case .cancelTimer:
            self.timer?.cancel()
            self.timer = nil
        case .answerAndClose(let refusal):
            self.timer?.cancel()
            self.timer = nil
            let (head, body) = refusal.response
            context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
            context.write(Self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
            context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { result in
                guard case .success = result else { return context.close(promise: nil) }
                self.lingerThenClose(context: context)
            }
        case .close, .closeWhenWritten:
            self.timer?.cancel()
            self.timer = nil
            context.close(promise: nil)
        }
    }
}
