import NIOCore

/// Tells the connection guard that bytes arrived, before the HTTP decoder sees them: the header
/// timeout starts at a request's first byte, which the decoder does not report until the whole head
/// has arrived. Passes every byte on untouched.
final class HTTPInboundByteWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let guardHandler: HTTPConnectionGuardHandler

    init(guardHandler: HTTPConnectionGuardHandler) {
        self.guardHandler = guardHandler
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        self.guardHandler.bytesArrived()
        context.fireChannelRead(data)
    }
}
