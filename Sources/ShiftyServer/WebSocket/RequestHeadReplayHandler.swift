import NIOCore
import NIOHTTP1

/// Puts back the request head NIO's upgrade handler swallowed when a request carrying `Upgrade` ends up
/// as plain HTTP (the application said "not a WebSocket route", or an unknown protocol was asked for).
final class RequestHeadReplayHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    let state: NIOLoopBound<WebSocketUpgradeState>

    init(state: NIOLoopBound<WebSocketUpgradeState>) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = Self.unwrapInboundIn(data)
        if case .head = part {
            // The head came through: nothing to replay.
        } else if let head = self.state.value.firstRequestHead {
            context.fireChannelRead(Self.wrapInboundOut(.head(head)))
        }
        self.state.value.firstRequestHead = nil
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
