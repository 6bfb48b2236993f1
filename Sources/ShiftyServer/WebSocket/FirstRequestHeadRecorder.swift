import NIOCore
import NIOHTTP1

/// Remembers the head of the first request, then leaves the pipeline.
final class FirstRequestHeadRecorder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    let state: NIOLoopBound<WebSocketUpgradeState>

    init(state: NIOLoopBound<WebSocketUpgradeState>) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = Self.unwrapInboundIn(data) {
            self.state.value.firstRequestHead = head
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        context.fireChannelRead(data)
    }
}
