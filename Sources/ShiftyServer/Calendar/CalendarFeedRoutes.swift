import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyFeatures
import ShiftyLocalization
import ShiftyPostgres
import ShiftyServerCore

/// The personal calendar feed: `GET|POST|DELETE /api/v1/calendar-feed` manage it with a session,
/// `GET /calendar/{token}.ics` serves it to calendar apps, which cannot log in; documented in openapi.yaml.
struct CalendarFeedRoutes {
    let pool: PostgresPool
    let configuration: ServerConfiguration

    func register(on router: Router<ShiftyRequestContext>, api: APIGroups) {
        api.members.get("calendar-feed") { _, context in
            let userID = context.caller.id
            let enabledAt = try await pool.withConnection { try CalendarFeedStore.enabledAt(userID: userID, on: $0) }
            return try APIJSON.response(CalendarFeedView(enabled: enabledAt != nil, enabledAt: enabledAt))
        }
        api.members.post("calendar-feed") { request, context in
            let userID = context.caller.id
            let (token, createdAt) = try await pool.withConnection { try CalendarFeedStore.rotate(userID: userID, on: $0) }
            IdempotentRequest.current?.answerHoldsSecret()  // the feed's secret URL
            let path = "/calendar/\(token).ics"
            return try APIJSON.response(
                CalendarFeedView(enabled: true, enabledAt: createdAt, url: baseURL(of: request) + path, path: path),
                status: .created)
        }
        api.members.delete("calendar-feed") { _, context in
            let userID = context.caller.id
            _ = try await pool.withConnection { try CalendarFeedStore.disable(userID: userID, on: $0) }
            return APIJSON.noContent()
        }
        router.get("calendar/{token}.ics") { request, context in
            try await feed(request, token: context.parameters.get("token") ?? "")
        }
    }

    /// The feed document; 404 for unknown, rotated or revoked tokens (no hint which).
    func feed(_ request: Request, token: String) async throws -> Response {
        guard CalendarFeedToken.isPlausible(token) else { throw Problem.notFound("calendar feed") }
        let now = Date()
        let found = try await pool.withConnection { connection -> (CalendarDocument, LanguageCode)? in
            guard let owner = try CalendarFeedStore.owner(token: token, on: connection) else { return nil }
            let catalogue = Catalogue.of(owner.language)
            let shifts = try CalendarFeedStore.shifts(userID: owner.userID, around: now, on: connection)
            let timeOff = try CalendarFeedStore.timeOff(userID: owner.userID, around: now, on: connection)
            let document = CalendarDocument(
                name: "\(owner.workplaceName) – \(owner.displayName)",
                timeZone: owner.timeZone,
                generatedAt: now,
                events: shifts.map { $0.event(workplaceName: owner.workplaceName, slug: owner.workplaceSlug, catalogue: catalogue) }
                    + timeOff.map { $0.event(workplaceName: owner.workplaceName, slug: owner.workplaceSlug, catalogue: catalogue) })
            return (document, owner.language)
        }
        guard let (document, language) = found else { throw Problem.notFound("calendar feed") }
        // The feed speaks its owner's language, whoever fetches it (a calendar app sends no cookie).
        RequestLanguage.current?.signedIn(language)
        var headers = HTTPFields()
        headers[.contentType] = "text/calendar; charset=utf-8"
        // Private: the URL is a secret; short: a trade should reach the calendar on its next poll.
        headers[.cacheControl] = "private, max-age=300"
        headers[.contentDisposition] = "inline; filename=\"shifts.ics\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: document.render())))
    }

    /// `scheme://host` as the caller reached us (behind a TLS proxy: `X-Forwarded-Proto: https`).
    func baseURL(of request: Request) -> String {
        let forwardedProto = request.headers[.init("X-Forwarded-Proto")!]?.lowercased()
        let scheme = configuration.secureCookies || forwardedProto == "https" ? "https" : "http"
        let host = request.head.authority ?? "\(configuration.host):\(configuration.port)"
        return "\(scheme)://\(host)"
    }
}
