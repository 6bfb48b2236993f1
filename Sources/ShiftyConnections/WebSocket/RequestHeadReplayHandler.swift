import NIOCore
import NIOHTTP1

/// Puts back what NIO's upgrade handler swallowed when a request carrying `Upgrade` ends up as plain HTTP
/// (the application said "not a WebSocket route", or a protocol we do not speak was asked for): the head,
/// and the end if it had already arrived. Everything else passes through.
final class RequestHeadReplayHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    let state: NIOLoopBound<WebSocketUpgradeState>
    private var context: ChannelHandlerContext?

    init(state: NIOLoopBound<WebSocketUpgradeState>) {
        self.state = state
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Called once the rest of the HTTP pipeline (down to the async channel) is in place.
    func replayIfNeeded() {
        let state = self.state.value
        guard let context = self.context, state.headWasSwallowed, var head = state.firstRequestHead else { return }
        state.firstRequestHead = nil
        // NIO's HTTP parser stops at a request that asks for an upgrade, so this connection cannot carry a
        // second request: mark the request "Connection: close" so the responder ends the connection cleanly
        // after answering instead of waiting for bytes that will never be parsed.
        head.headers.replaceOrAdd(name: "Connection", value: "close")
        context.fireChannelRead(Self.wrapInboundOut(.head(head)))
        if state.firstRequestEnded {
            context.fireChannelRead(Self.wrapInboundOut(.end(nil)))
        }
        context.fireChannelReadComplete()
    }
}
