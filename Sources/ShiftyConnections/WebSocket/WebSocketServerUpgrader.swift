import Logging
import NIOCore
import NIOHTTP1
import ShiftyServerCore
import ShiftyWebSocket

/// Our `NIOTypedHTTPServerProtocolUpgrader` for `Upgrade: websocket`.
///
/// `requiredUpgradeHeaders` is empty on purpose: NIO would silently skip a request missing one, and then
/// drop its head. We validate everything here instead, so every malformed or refused upgrade gets a real
/// HTTP answer, written by us before the connection closes.
struct WebSocketServerUpgrader: NIOTypedHTTPServerProtocolUpgrader {
    typealias UpgradeResult = WebSocketUpgradeOutcome

    /// Thrown to NIO to say "no upgrade"; the HTTP fallback then sees `state.refused` or replays the head.
    struct NoUpgrade: Error {}

    let supportedProtocol = "websocket"
    let requiredUpgradeHeaders: [String] = []
    let decide: @Sendable (HTTPRequestHead, any Channel, Logger) async -> WebSocketUpgradeDecision
    let state: NIOLoopBound<WebSocketUpgradeState>
    let logger: Logger
    /// Upgrades beyond the process's descriptor budget are refused before the application decides.
    var budget: WebSocketConnectionBudget = .process

    /// The answer to an upgrade when the budget is spent: the client should try again later (or
    /// another instance), and the server keeps descriptors for HTTP and its database.
    static let serverFull = WebSocketHandshakeRefusal(problem: Problem(
        .serviceUnavailable, code: .serverFull,
        text: .init("server.problem.server_full.live"), retryAfterSeconds: 5))

    func buildUpgradeResponse(
        channel: any Channel,
        upgradeRequest: HTTPRequestHead,
        initialResponseHeaders: HTTPHeaders
    ) -> EventLoopFuture<HTTPHeaders> {
        let request: WebSocketServerHandshake.Request
        do {
            request = try WebSocketServerHandshake.validate(upgradeRequest)
        } catch {
            return self.refuse(channel: channel, with: error, version: upgradeRequest.version)
        }
        let budget = self.budget
        guard budget.tryAcquire() else {
            return self.refuse(channel: channel, with: Self.serverFull, version: upgradeRequest.version)
        }
        let decide = self.decide
        let logger = self.logger
        let decision = channel.eventLoop.makeFutureWithTask {
            await decide(upgradeRequest, channel, logger)
        }
        let state = self.state
        return decision.flatMap { decision -> EventLoopFuture<HTTPHeaders> in
            switch decision {
            case .notWebSocket:
                budget.release()
                return channel.eventLoop.makeFailedFuture(NoUpgrade())
            case .refuse(let refusal):
                budget.release()
                return self.refuse(channel: channel, with: refusal, version: upgradeRequest.version)
            case .accept(let subprotocol, let configuration, let callbacks):
                // The place is held for as long as the connection lives, whatever happens next.
                channel.closeFuture.whenComplete { _ in budget.release() }
                if let subprotocol, !request.offeredSubprotocols.contains(subprotocol) {
                    logger.error("WebSocket accept chose subprotocol \(subprotocol) the client did not offer")
                    return self.refuse(
                        channel: channel,
                        with: WebSocketHandshakeRefusal(status: .internalServerError),
                        version: upgradeRequest.version
                    )
                }
                state.value.accepted = (configuration, callbacks)
                var headers = initialResponseHeaders
                headers.add(contentsOf: WebSocketServerHandshake.acceptHeaders(for: request, subprotocol: subprotocol))
                return channel.eventLoop.makeSucceededFuture(headers)
            }
        }
    }

    func upgrade(channel: any Channel, upgradeRequest: HTTPRequestHead) -> EventLoopFuture<WebSocketUpgradeOutcome> {
        channel.eventLoop.makeCompletedFuture {
            guard let (configuration, callbacks) = self.state.value.accepted else { throw NoUpgrade() }
            self.state.value.accepted = nil
            try channel.pipeline.syncOperations.addHandler(
                WebSocketHandler(role: .server, configuration: configuration, callbacks: callbacks)
            )
            return .webSocket
        }
    }

    /// Writes the refusal, closes the connection once it is out, and tells NIO there is no upgrade.
    private func refuse(
        channel: any Channel,
        with refusal: WebSocketHandshakeRefusal,
        version: HTTPVersion
    ) -> EventLoopFuture<HTTPHeaders> {
        self.state.value.refused = true
        let head = refusal.responseHead(version: version.major == 1 ? version : .http1_1)
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        if !refusal.body.isEmpty {
            channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: refusal.body))), promise: nil)
        }
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in
            channel.close(promise: nil)
        }
        return channel.eventLoop.makeFailedFuture(NoUpgrade())
    }
}
