import NIOConcurrencyHelpers
import NIOCore
import NIOSSL

/// Keeps the first TLS error of a connection. When a handshake fails, NIOSSL reports the error and
/// closes the channel; the WebSocket upgrade, still writing its request, may then fail with "I/O on
/// closed channel" first. The TLS error is the one that tells the user what went wrong.
final class TLSFailureRecorder: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny

    private let first = NIOLockedValueBox<NIOSSLError?>(nil)

    var firstError: NIOSSLError? { first.withLockedValue { $0 } }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let tlsError = error as? NIOSSLError {
            first.withLockedValue { if $0 == nil { $0 = tlsError } }
        }
        context.fireErrorCaught(error)
    }
}
