import NIOCore

/// Tells the connection guard that bytes arrived, before the HTTP decoder sees them: the header
/// timeout starts at a request's first byte, which the decoder does not report until the whole head
/// has arrived.
///
/// Each read is passed on in pieces that end where a request can end (``HTTPMessageBoundaryScanner``),
/// each announced to the guard before the decoder sees it, so the start of a next request that came
/// in the same read as the previous one is seen as such. The bytes themselves pass untouched.
final class HTTPInboundByteWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let guardHandler: HTTPConnectionGuardHandler
    private var scanner = HTTPMessageBoundaryScanner()

    init(guardHandler: HTTPConnectionGuardHandler) {
        self.guardHandler = guardHandler
        guardHandler.byteWatcher = self
    }

    /// The guard saw a head announcing a `Content-Length` body (same event loop, during a piece).
    func expectBody(length: Int) {
        self.scanner.expectBody(length: length)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = Self.unwrapInboundIn(data)
        while buffer.readableBytes > 0 {
            let length = buffer.withUnsafeReadableBytes { self.scanner.nextPiece(of: $0) }
            guard let piece = buffer.readSlice(length: length) else { break }
            self.guardHandler.bytesArrived()
            context.fireChannelRead(Self.wrapInboundOut(piece))
        }
    }
}
