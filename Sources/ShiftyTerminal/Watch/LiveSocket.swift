import NIOCore
import NIOPosix
import NIOSSL
import ShiftyWebSocket

/// Opens the live WebSocket over TCP (or TLS for `https://` servers) with our RFC 6455 client and a
/// bearer token.
///
/// Our WebSocket layer only needs a connected channel, so TLS is one more handler in front of it:
/// NIOSSL with the system's trust roots, or a given CA file for a server with its own certificate.
public enum LiveSocket {
    /// How to reach a TLS server.
    public struct TLS: Sendable {
        /// A PEM file of certificates to trust instead of the system's (a self-signed deployment).
        public var caFile: String?
        public init(caFile: String? = nil) { self.caFile = caFile }
    }

    /// Connects and upgrades; the future fails with a ``LiveConnectFailure``.
    public static func connect(
        host: String, port: Int, target: String, token: String, tls: TLS? = nil,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        callbacks: WebSocketCallbacks
    ) -> EventLoopFuture<WebSocketConnection> {
        let sslContext: NIOSSLContext?
        do {
            sslContext = try tls.map { tls in
                var configuration = TLSConfiguration.makeClientConfiguration()
                if let caFile = tls.caFile { configuration.trustRoots = .file(caFile) }
                return try NIOSSLContext(configuration: configuration)
            }
        } catch {
            return group.next().makeFailedFuture(LiveConnectFailure.unsupported(TerminalLanguage.text("terminal.live.tlsSetup", ["error": "\(error)"])))
        }
        let url = WebSocketURL(host: host, port: port, target: target)
        let configuration = WebSocketConfiguration(
            maxFrameSize: 1 << 20, maxMessageSize: 4 << 20, maxQueuedBytes: 1 << 20,
            pingInterval: .seconds(20), closeTimeout: .seconds(3))
        let tlsFailure = TLSFailureRecorder()
        return ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                guard let sslContext else { return channel.eventLoop.makeSucceededVoidFuture() }
                return channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(context: sslContext, serverHostname: Self.isIPAddress(host) ? nil : host)
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(tlsFailure)
                }
            }
            .connect(host: host, port: port)
            .flatMap { channel in
                WebSocketClient.upgrade(
                    channel: channel, url: url,
                    headers: [
                        ("Authorization", "Bearer \(token)"), ("User-Agent", "shifty-terminal"),  // i18n-exempt: HTTP auth scheme
                        ("Accept-Language", TerminalLanguage.current.rawValue),
                    ],
                    configuration: configuration, callbacks: callbacks)
            }
            .flatMapErrorThrowing { error in throw Self.classify(tlsFailure.firstError ?? error) }
    }

    /// SNI and certificate names are host names; an IP literal is checked against the certificate's
    /// IP entries instead.
    static func isIPAddress(_ host: String) -> Bool {
        host.contains(":") || host.split(separator: ".").count == 4 && host.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }

    /// What a handshake or connect error means for reconnecting.
    public static func classify(_ error: any Error) -> LiveConnectFailure {
        if let failure = error as? LiveConnectFailure { return failure }
        if let tlsError = error as? NIOSSLError {
            // A certificate the client does not trust will not fix itself by retrying quickly, but a
            // server restarting mid-handshake will: report it and keep the usual backoff.
            return .unreachable("TLS: \(tlsError)")
        }
        guard let failure = error as? WebSocketClientError else {
            return .unreachable("\(error)")
        }
        switch failure {
        case .unexpectedStatus(401, _):
            return .unauthorized
        case .unexpectedStatus(429, _):
            // The only 429 of the live endpoint: this account holds as many live connections as it may.
            return .refused(status: 429, message: ProblemMessages.message(for: APIProblem(status: 429, code: "too_many_live_connections")))
        case .unexpectedStatus(let status, let reason) where (400..<500).contains(status):
            return .refused(status: status, message: reason)
        case .unexpectedStatus(let status, let reason):
            return .unreachable("\(status) \(reason)")
        case .invalidUpgradeResponse(let detail):
            return .unreachable(detail)
        case .malformedResponse:
            return .unreachable(TerminalLanguage.text("terminal.live.malformedResponse"))
        case .connectionClosed:
            return .unreachable(TerminalLanguage.text("terminal.live.closedInHandshake"))
        }
    }
}

extension LiveConnectFailure: Error {}
