import Logging
import NIOCore
import NIOHTTP1
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
        let decide = self.decide
        let logger = self.logger
        let decision = channel.eventLoop.makeFutureWithTask {
            await decide(upgradeRequest, channel, logger)
        }
        let state = self.state
        return decision.flatMap { decision -> EventLoopFuture<HTTPHeaders> in
            switch decision {
            case .notWebSocket:
                return channel.eventLoop.makeFailedFuture(NoUpgrade())
            case .refuse(let refusal):
                return self.refuse(channel: channel, with: refusal, version: upgradeRequest.version)
            case .accept(let subprotocol, let configuration, let callbacks):
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
