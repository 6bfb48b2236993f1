import NIOCore
import NIOPosix
import ShiftyWebSocket

/// Opens the live WebSocket over TCP with our RFC 6455 client and a bearer token.
///
/// `wss://` needs TLS, which our WebSocket layer does not have yet: for a server behind a TLS proxy,
/// point `shifty watch` at a plain-HTTP address of the server (the REST commands work over https).
public enum LiveSocket {
    /// Connects and upgrades; the future fails with a ``LiveConnectFailure``.
    public static func connect(
        host: String, port: Int, target: String, token: String,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        callbacks: WebSocketCallbacks
    ) -> EventLoopFuture<WebSocketConnection> {
        let url = WebSocketURL(host: host, port: port, target: target)
        let configuration = WebSocketConfiguration(
            maxFrameSize: 1 << 20, maxMessageSize: 4 << 20, maxQueuedBytes: 1 << 20,
            pingInterval: .seconds(20), closeTimeout: .seconds(3))
        return ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(10))
            .connect(host: host, port: port)
            .flatMap { channel in
                WebSocketClient.upgrade(
                    channel: channel, url: url,
                    headers: [("Authorization", "Bearer \(token)"), ("User-Agent", "shifty-terminal")],
                    configuration: configuration, callbacks: callbacks)
            }
            .flatMapErrorThrowing { error in throw Self.classify(error) }
    }

    /// What a handshake or connect error means for reconnecting.
    public static func classify(_ error: any Error) -> LiveConnectFailure {
        guard let failure = error as? WebSocketClientError else {
            return .unreachable("\(error)")
        }
        switch failure {
        case .unexpectedStatus(401, _):
            return .unauthorized
        case .unexpectedStatus(let status, let reason) where (400..<500).contains(status):
            return .refused(status: status, message: reason)
        case .unexpectedStatus(let status, let reason):
            return .unreachable("\(status) \(reason)")
        case .invalidUpgradeResponse(let detail):
            return .unreachable(detail)
        case .malformedResponse:
            return .unreachable("malformed response")
        case .connectionClosed:
            return .unreachable("connection closed during the handshake")
        }
    }
}

extension LiveConnectFailure: Error {}
