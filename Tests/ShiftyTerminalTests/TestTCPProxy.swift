import NIOCore
import NIOPosix
import ShiftyConnections
@testable import ShiftyTerminal

/// A TCP forwarder standing in for a load balancer: new connections go to whichever upstream port is
/// current, so a test can take an instance away and let clients land on another one at the same address.
final class TestTCPProxy: Sendable {
    let upstreamPort: Locked<Int>
    let channel: any Channel

    var port: Int { self.channel.localAddress?.port ?? 0 }

    private init(upstreamPort: Locked<Int>, channel: any Channel) {
        self.upstreamPort = upstreamPort
        self.channel = channel
    }

    static func start(upstreamPort: Int) async throws -> TestTCPProxy {
        let upstream = Locked(upstreamPort)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { inbound in
                let port = upstream.withLock { $0 }
                let forwarder = ForwardingHandler()
                do {
                    try inbound.pipeline.syncOperations.addHandler(forwarder)
                } catch {
                    return inbound.eventLoop.makeFailedFuture(error)
                }
                // Both sides on the inbound connection's loop, so the handlers never race.
                ClientBootstrap(group: inbound.eventLoop)
                    .channelInitializer { outbound in
                        outbound.eventLoop.makeCompletedFuture {
                            let back = ForwardingHandler()
                            try outbound.pipeline.syncOperations.addHandler(back)
                            back.connect(to: inbound)
                        }
                    }
                    .connect(host: "127.0.0.1", port: port)
                    .whenComplete { result in
                        switch result {
                        case .success(let outbound): forwarder.connect(to: outbound)
                        case .failure: inbound.close(promise: nil)
                        }
                    }
                return inbound.eventLoop.makeSucceededVoidFuture()
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return TestTCPProxy(upstreamPort: upstream, channel: channel)
    }

    /// Later connections go to `port`; open ones stay where they are.
    func switchUpstream(to port: Int) {
        self.upstreamPort.withLock { $0 = port }
    }

    func close() async {
        try? await self.channel.close()
    }
}

/// Writes what one side reads to the other (holding bytes until the other side is connected) and
/// closes the other side when this one closes.
///
/// Unchecked: both sides of a proxied connection live on the same event loop, the only place its
/// state is touched.
private final class ForwardingHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    var partner: (any Channel)?
    var pending: [ByteBuffer] = []
    var closed = false

    func connect(to partner: any Channel) {
        self.partner = partner
        for buffer in self.pending { partner.write(buffer, promise: nil) }
        self.pending = []
        partner.flush()
        if self.closed { partner.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = Self.unwrapInboundIn(data)
        if let partner {
            partner.writeAndFlush(buffer, promise: nil)
        } else {
            self.pending.append(buffer)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.closed = true
        self.partner?.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
