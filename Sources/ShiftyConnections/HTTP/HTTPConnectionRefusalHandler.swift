import NIOCore
import NIOHTTP1

/// The whole pipeline of a connection the registry refused (``HTTPConnectionRegistry/Admission/refused``):
/// answers `503 server_full` with `Retry-After` as soon as the connection is active, without reading a
/// request, then ends it.
///
/// Whatever the client sends meanwhile is read and dropped, so that closing does not reset the
/// connection before the client has read the answer; the close comes when the client closes its side
/// or after ``linger``, whichever is first.
final class HTTPConnectionRefusalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = HTTPServerResponsePart

    private let refusal: HTTPConnectionRefusal
    private var answered = false

    init(refusal: HTTPConnectionRefusal) {
        self.refusal = refusal
    }

    static var linger: TimeAmount { .seconds(1) }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { self.answer(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        self.answer(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func answer(context: ChannelHandlerContext) {
        guard !self.answered else { return }
        self.answered = true
        let channel = context.channel
        let (head, body) = self.refusal.response
        context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
        context.write(Self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).whenComplete { result in
            guard case .success = result else { return channel.close(promise: nil) }
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: Self.linger) { channel.close(promise: nil) }
        }
    }
}
