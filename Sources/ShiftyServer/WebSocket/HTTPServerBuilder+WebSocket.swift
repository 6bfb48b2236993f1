import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

extension HTTPServerBuilder {
    /// HTTP/1.1 with WebSocket upgrades decided by `upgrade`.
    ///
    /// `upgrade` runs for every request that asks for a WebSocket upgrade, before anything is answered; it
    /// may await (e.g. a session lookup) and returns whether to accept, refuse, or treat the request as
    /// plain HTTP.
    public static func http1WithWebSocket(
        configuration: HTTP1Channel.Configuration = .init(),
        upgrade: @escaping @Sendable (HTTPRequestHead, any Channel, Logger) async -> WebSocketUpgradeDecision
    ) -> HTTPServerBuilder {
        .init { responder in
            HTTP1WebSocketChannel(responder: responder, configuration: configuration, upgrade: upgrade)
        }
    }
}
