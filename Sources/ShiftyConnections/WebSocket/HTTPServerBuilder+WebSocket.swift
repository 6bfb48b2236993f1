import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

extension HTTPServerBuilder {
    /// HTTP/1.1 with WebSocket upgrades decided by `upgrade`.
    ///
    /// `upgrade` runs for every request that asks for a WebSocket upgrade, before anything is answered; it
    /// may await (e.g. a session lookup) and returns whether to accept, refuse, or treat the request as
    /// plain HTTP. `timeouts` bound how long a client may keep an HTTP connection waiting.
    public static func http1WithWebSocket(
        configuration: HTTP1Channel.Configuration = .init(),
        timeouts: HTTPConnectionTimeouts = .init(),
        registry: HTTPConnectionRegistry = .process,
        upgrade: @escaping @Sendable (HTTPRequestHead, any Channel, Logger) async -> WebSocketUpgradeDecision
    ) -> HTTPServerBuilder {
        .init { responder in
            HTTP1WebSocketChannel(responder: responder, configuration: configuration, timeouts: timeouts, registry: registry, upgrade: upgrade)
        }
    }
}
