import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ShiftyConnections
import ShiftyEvents
import ShiftyFeatures
import ShiftyLive
import ShiftyPostgres
import ShiftyServerCore
import ShiftyWebSocket

/// `GET /api/v1/live`: authenticates the upgrade request before the 101 and sets up a ``LiveConnection``.
///
/// This is the one place the live stream meets the WebSocket plug-in (`http1WithWebSocket`): every
/// other request path is `.notWebSocket` and goes to the router.
struct LiveEndpoint: Sendable {
    static let path = "/api/v1/live"

    let services: LiveServices
    let originPolicy: OriginPolicy
    /// Limits of a live connection: client messages are small, and a client that stops reading is
    /// closed with 1013 once 1 MiB waits for it (on top of the
    /// socket buffers): enough for a burst of hundreds of ordinary events, bounded for a stalled reader.
    var configuration = WebSocketConfiguration(
        maxFrameSize: 64 * 1024, maxMessageSize: 64 * 1024, maxQueuedBytes: 1024 * 1024,
        pingInterval: .seconds(30), closeTimeout: .seconds(5))

    func decide(_ head: HTTPRequestHead, channel: any Channel, logger: Logger) async -> WebSocketUpgradeDecision {
        let (path, query) = Self.split(head.uri)
        guard path == Self.path else { return .notWebSocket }
        if services.hub.isShuttingDown {
            return Self.refuse(Problem(.serviceUnavailable, code: .shuttingDown, text: .init("server.problem.shutting_down.live")))
        }
        guard let (token, kind) = Self.credentials(in: head.headers) else {
            return Self.refuse(.unauthenticated)
        }
        if kind == .cookie {
            // Browsers attach cookies to cross-site WebSocket handshakes too: only our own pages may use them.
            guard let origin = head.headers.first(name: "origin"), originPolicy.isAllowed(origin: origin, host: head.headers.first(name: "host")) else {
                return Self.refuse(Problem(.forbidden, code: .originNotAllowed, text: .init("server.problem.origin_not_allowed.live")))
            }
        }
        let parameters: LiveConnectionParameters
        switch LiveConnectionParameters.parse(query) {
        case .success(let value): parameters = value
        case .failure(let problem): return Self.refuse(problem)
        }
        do {
            let opened = try await services.pool.withConnection { connection -> (AuthenticatedUser, Int64)? in
                guard let caller = try SessionStore.lookup(token: token, presentedAs: kind, on: connection) else { return nil }
                let newest = try LiveEventStore.newestID(workplaceID: caller.workplaceID, on: connection)
                // The newest id becomes the connection's cursor: it must survive a failover.
                try connection.waitForSynchronousStandbys()
                return (caller, newest)
            }
            guard let (caller, newest) = opened else {
                return Self.refuse(Problem(.unauthorized, code: .sessionExpired, text: .init("server.problem.session_expired.detail")))
            }
            let topics: LiveTopicSet
            switch LiveClientMessage.topics(parameters.topics, isManager: caller.isManager) {
            case .success(let set): topics = set
            case .failure(let refusal): return Self.refuse(Problem(.badRequest, code: refusal.code, detail: refusal.message))
            }
            // Last check before the 101: the place is held until the channel closes, whatever happens next.
            if let refusal = services.hub.admitConnection(userID: caller.id, sessionID: caller.sessionID) {
                services.metrics.liveConnectionsRefused.increment()
                return Self.refuse(refusal)
            }
            channel.closeFuture.whenComplete { [hub = services.hub] _ in
                hub.connectionEnded(userID: caller.id, sessionID: caller.sessionID)
            }
            let connection = LiveConnection(
                caller: LiveCaller(
                    recipient: LiveRecipient(userID: caller.id, workplaceID: caller.workplaceID, isManager: caller.isManager, sessionID: caller.sessionID),
                    user: .init(id: caller.user.id, username: caller.user.username, displayName: caller.user.displayName, role: .init(caller.user.role)),
                    workplace: .init(id: caller.workplace.id, slug: caller.workplace.slug, name: caller.workplace.name, timeZone: caller.workplace.timeZone)),
                eventLoop: channel.eventLoop, topics: topics,
                newestEventID: newest, resumeAfter: parameters.after, services: services)
            return .accept(configuration: configuration, callbacks: WebSocketCallbacks(
                onOpen: { connection.opened($0) },
                onMessage: { message, _ in connection.received(message) },
                onClose: { _, _ in connection.closed() },
                onSlowConsumer: { [metrics = services.metrics] in metrics.slowClientCloses.increment() }))
        } catch {
            logger.error("live upgrade failed", metadata: ["error": "\(error)"])
            return Self.refuse(Problem(
                .serviceUnavailable, code: .databaseUnavailable, text: .init("server.problem.database_unavailable.detail"),
                retryAfterSeconds: ProblemMiddleware.databaseRetryAfterSeconds))
        }
    }

    static func refuse(_ problem: Problem) -> WebSocketUpgradeDecision {
        .refuse(WebSocketHandshakeRefusal(problem: problem))
    }

    static func split(_ uri: String) -> (path: String, query: Substring) {
        guard let mark = uri.firstIndex(of: "?") else { return (uri, "") }
        return (String(uri[..<mark]), uri[uri.index(after: mark)...])
    }

    /// The bearer token, else the session cookie (``Authenticator``'s rule, from raw handshake headers).
    static func credentials(in headers: HTTPHeaders) -> (String, SessionKind)? {
        let cookie = headers[canonicalForm: "cookie"].lazy.flatMap { $0.split(separator: ";") }.compactMap { pair -> String? in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == Authenticator.cookieName else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }.first
        return Authenticator.presentedToken(authorization: headers.first(name: "authorization"), cookie: cookie)
    }
}

/// The optional `topics` and `after` query parameters of the upgrade request.
struct LiveConnectionParameters: Sendable, Equatable {
    var topics: [String] = []
    var after: Int64?

    static func parse(_ query: Substring) -> Result<LiveConnectionParameters, Problem> {
        var parameters = LiveConnectionParameters()
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? ""
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? "") : ""
            switch name {
            case "topics":
                parameters.topics += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case "after":
                guard let after = Int64(value), after >= 0 else {
                    return .failure(Problem.invalid(
                        .badRequest, code: .server(.invalidParameter), errors: [("after", ProblemText("server.invalid.nonNegativeInteger"))],
                        text: ProblemText("server.problem.invalid_parameter.after")))
                }
                parameters.after = after
            default:
                continue
            }
        }
        return .success(parameters)
    }
}
