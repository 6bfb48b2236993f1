import Foundation
import Hummingbird
import NIOCore
import ShiftyFeatures
import ShiftyLocalization
import ShiftyPostgres
import ShiftyServerCore

/// `Idempotency-Key` on every state-changing route (the IETF httpapi draft; docs/idempotency.md).
///
/// Why: under a database failover a write answered 503 (or whose answer never arrived) may have
/// committed anyway, and without a key a client cannot know whether retrying acts twice. With a
/// key, the whole request runs in one ambient transaction (``PostgresAmbientTransaction``): the
/// route's own transactions join it as savepoints, and the answer is stored under the key in that
/// same transaction before it commits. So a lost commit leaves the change and the key both or
/// neither: a retry with the key either gets the stored answer (marked `Idempotent-Replayed: true`)
/// or runs afresh.
///
/// - Same key, same request (method, path, query, body) within 24 hours: the stored answer.
/// - Same key, another request: 422 `idempotency_key_reused`.
/// - Same key while the first request is still running: 409 `idempotency_key_in_use` with
///   `Retry-After` (an advisory lock on the key, held by the first request's transaction).
/// - Keys belong to their caller: a member (session) or a kiosk (punches). Requests without a
///   valid session or kiosk token (login, sign-up, password reset…) ignore the header: their
///   answers carry new sessions and must never be handed out again.
/// - Not stored, so the key stays free for a retry: 5xx answers (the transaction is rolled back,
///   nothing of the request stays), answers with `Retry-After` (a throttle says "later", not "no";
///   they commit what the route wrote, such as the throttle's counter), and answers holding a
///   secret (``IdempotentRequest/answerHoldsSecret()``; they commit too).
/// - A serialization failure or deadlock inside dooms the whole transaction: the request is run
///   again from its buffered body, up to ``maxAttempts`` times.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = ShiftyRequestContext

    let pool: PostgresPool
    let authenticator: Authenticator
    let kioskAuthenticator: KioskAuthenticator
    var maxAttempts = 3

    /// Seconds a client waits before asking again about a key that is still in use.
    static let inUseRetryAfterSeconds = 1

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method.isUnsafe, let header = request.headers[IdempotencyKey.headerName] else {
            return try await next(request, context)
        }
        let key = try IdempotencyKey(header: header)
        // The lookup is kept in the context: the route's group reads it instead of asking again.
        var context = context
        guard let scope = try await scope(of: request, context: &context) else {
            return try await next(request, context)
        }
        // Buffered: it is part of the fingerprint, and a retried attempt reads it again.
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: context.maxUploadSize)
        } catch {
            throw Problem(.contentTooLarge, code: .bodyTooLarge, text: .init("server.problem.body_too_large.bytes", ["bytes": String(context.maxUploadSize)]))
        }
        let keyed = KeyedRequest(
            scope: scope, keyHash: key.hash,
            fingerprint: key.fingerprint(
                method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "", body: body.readableBytesView))
        var attempt = 1
        while true {
            request.body = .init(buffer: body)
            let outcome = try await pool.withAmbientTransaction { ambient in
                try await run(request, context: context, next: next, keyed: keyed, in: ambient)
            }
            switch outcome {
            case .answer(let response):
                return response
            case .doomed(let response):
                guard attempt < maxAttempts else { return response }
                attempt += 1
                try await Task.sleep(for: .milliseconds(Int.random(in: 5...25) << attempt))
            }
        }
    }

    /// The key as this request uses it.
    struct KeyedRequest: Sendable {
        var scope: IdempotencyScope
        var keyHash: String
        var fingerprint: String
    }

    enum Outcome: Sendable {
        /// The answer to send (committed, or nothing to commit).
        case answer(Response)
        /// A serialization failure or deadlock doomed the transaction: rolled back, may run again.
        case doomed(Response)
    }

    private enum Lookup: Sendable {
        case inUse
        case found(IdempotencyStore.Record?)
    }

    /// One attempt inside the ambient transaction.
    private func run(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response,
        keyed: KeyedRequest, in ambient: PostgresAmbientTransaction
    ) async throws -> Outcome {
        let lookup = try await ambient.run { connection -> Lookup in
            guard try IdempotencyStore.lock(keyed.scope, keyHash: keyed.keyHash, on: connection) else { return .inUse }
            return .found(try IdempotencyStore.find(keyed.scope, keyHash: keyed.keyHash, on: connection))
        }
        switch lookup {
        case .inUse:
            return .answer(Self.answer(Problem(
                .conflict, code: .idempotencyKeyInUse, text: .init("server.problem.idempotency_key_in_use.detail"),
                retryAfterSeconds: Self.inUseRetryAfterSeconds)))
        case .found(let record?):
            guard record.fingerprint == keyed.fingerprint else {
                return .answer(Self.answer(Problem(
                    .unprocessableContent, code: .idempotencyKeyReused, text: .init("server.problem.idempotency_key_reused.detail"))))
            }
            return .answer(record.answer.replay())
        case .found(nil):
            break
        }

        let marker = IdempotentRequest()
        var response: Response
        do {
            response = try await IdempotentRequest.$current.withValue(marker) { try await next(request, context) }
        } catch {
            let problem = await MemberNames.naming(ProblemMiddleware.problem(for: error, request: request, context: context), pool: pool)
            response = problem.localized(to: RequestLanguage.resolved).response()
        }
        let body = try await ResponseBodyCollector.collect(response)
        response.body = .init(byteBuffer: body)

        if ambient.retryableFailure != nil { return .doomed(response) }
        // Nothing of a failed request stays (rolled back when this returns), so retrying it is safe.
        guard response.status.code < 500 else { return .answer(response) }
        if !marker.holdsSecret, response.headers[.retryAfter] == nil {
            let record = IdempotencyStore.Record(
                fingerprint: keyed.fingerprint,
                answer: StoredAnswer(response, body: body, language: RequestLanguage.resolved.rawValue))
            try await ambient.run { try IdempotencyStore.store(keyed.scope, keyHash: keyed.keyHash, record, on: $0) }
        }
        try await ambient.commit()
        return .answer(response)
    }

    /// Whose keys to use: the kiosk's for kiosk routes, else the signed-in member's; nil for a
    /// request without valid credentials (the route then answers it as it would without a key).
    /// The lookup is the request's one (``RequestCredentials``): its refusal reaches the route.
    private func scope(of request: Request, context: inout Context) async throws -> IdempotencyScope? {
        let lookup: Result<IdempotencyScope?, any Error>
        if request.uri.path.hasPrefix("/api/v1/kiosk/") {
            guard KioskAuthenticator.presentedToken(in: request) != nil else { return nil }
            lookup = await context.lookUpKiosk(of: request, with: kioskAuthenticator).map { .kiosk($0.id) }
        } else {
            lookup = await context.lookUpMember(of: request, with: authenticator).map { $0.map { .member($0.id) } }
        }
        do {
            return try lookup.get()
        } catch is Problem {
            return nil
        }
    }

    private static func answer(_ problem: Problem) -> Response {
        problem.localized(to: RequestLanguage.resolved).response()
    }
}
