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

    init(timeouts: HTTPConnectionTimeouts, registry: HTTPConnectionRegistry) {
        self.machine = HTTPConnectionGuard(timeouts: timeouts)
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive {
            self.run(self.machine.connected(now: .now()), context: context)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.timer?.cancel()
        self.timer = nil
        self.context = nil
        // Upgraded (or closing): no longer an idle HTTP connection that may be evicted.
        if self.registeredIdle {
            self.registeredIdle = false
            self.registry.setIdle(context.channel, false)
        }
    }

    func channelActive(context: ChannelHandlerContext) {
        self.run(self.machine.connected(now: .now()), context: context)
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
        self.run(self.machine.bytesArrived(now: .now()), context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard self.machine.phase != .closing else { return }
        let action: HTTPConnectionGuard.Action
        switch Self.unwrapInboundIn(data) {
        case .head: action = self.machine.headReceived(now: .now())
        case .body: action = self.machine.bodyReceived(now: .now())
        case .end: action = self.machine.endReceived(now: .now())
        }
        self.run(action, context: context)
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
        case .head(let head) where head.status.code >= 200:
            context.write(data, promise: promise)
            self.run(self.machine.responseHeadWritten(), context: context)
        case .end:
            context.write(data, promise: promise)
            self.run(self.machine.responseEndWritten(now: .now()), context: context)
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

    private func run(_ action: HTTPConnectionGuard.Action, context: ChannelHandlerContext) {
        let isIdle = self.machine.phase == .awaitingRequest
        if isIdle != self.registeredIdle {
            self.registeredIdle = isIdle
            self.registry.setIdle(context.channel, isIdle)
        }
        switch action {
        case .none:
            break
        case .schedule(let deadline):
            self.timer?.cancel()
            self.timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in
                guard let self, let context = self.context else { return }
                self.timer = nil
                self.run(self.machine.timerFired(now: .now()), context: context)
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
        case .close:
            self.timer?.cancel()
            self.timer = nil
            context.close(promise: nil)
        }
    }
}
