import NIOCore
import NIOHTTP1

/// Watches the first request on its way to NIO's upgrade handler (head and end), then leaves the pipeline.
final class FirstRequestHeadRecorder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    let state: NIOLoopBound<WebSocketUpgradeState>

    init(state: NIOLoopBound<WebSocketUpgradeState>) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            self.state.value.firstRequestHead = head
            // The condition under which NIO's upgrade state machine does not buffer the head.
            self.state.value.headWasSwallowed = !head.headers[canonicalForm: "upgrade"].isEmpty
            context.fireChannelRead(data)
        case .body:
            context.fireChannelRead(data)
        case .end:
            self.state.value.firstRequestEnded = true
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}
