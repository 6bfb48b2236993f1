import NIOCore
import NIOHTTP1
import NIOPosix
import ShiftyWebSocket

/// An in-process WebSocket server on an ephemeral loopback port, built from NIO's HTTP/1 upgrade machinery
/// and our handshake validation and handler (the Hummingbird plug-in is tested through `shifty dev
/// echo-server` by the Autobahn script).
struct TestWebSocketServer {
    let channel: any Channel
    var port: Int { self.channel.localAddress?.port ?? 0 }

    struct Upgrader: HTTPServerProtocolUpgrader, Sendable {
        let supportedProtocol = "websocket"
        let requiredUpgradeHeaders: [String] = []
        let configuration: WebSocketConfiguration
        let callbacks: WebSocketCallbacks

        func buildUpgradeResponse(
            channel: any Channel,
            upgradeRequest: HTTPRequestHead,
            initialResponseHeaders: HTTPHeaders
        ) -> EventLoopFuture<HTTPHeaders> {
            do {
                let request = try WebSocketServerHandshake.validate(upgradeRequest)
                var headers = initialResponseHeaders
                let chosen = request.offeredSubprotocols.first { $0 == "shifty.test" }
                headers.add(contentsOf: WebSocketServerHandshake.acceptHeaders(for: request, subprotocol: chosen))
                return channel.eventLoop.makeSucceededFuture(headers)
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
        }

        func upgrade(context: ChannelHandlerContext, upgradeRequest: HTTPRequestHead) -> EventLoopFuture<Void> {
            context.eventLoop.makeCompletedFuture {
                try context.pipeline.syncOperations.addHandler(
                    WebSocketHandler(role: .server, configuration: self.configuration, callbacks: self.callbacks)
                )
            }
        }
    }

    static func start(
        configuration: WebSocketConfiguration = .init(),
        callbacks: WebSocketCallbacks = .echo
    ) async throws -> TestWebSocketServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = Upgrader(configuration: configuration, callbacks: callbacks)
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in })
                    )
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TestWebSocketServer(channel: channel)
    }

    func stop() async throws {
        try await self.channel.close()
    }
}
