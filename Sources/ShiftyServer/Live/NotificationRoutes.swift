import Hummingbird
import ShiftyLive
import ShiftyPostgres

/// `GET /api/v1/notifications`: my personal events (topic `notifications`) from the event history,
/// newest first, so every device shows the same list the live stream builds up, also after being
/// offline for longer than a reconnect.
struct NotificationRoutes {
    let pool: PostgresPool

    static let maximumLimit = 200

    func register(on api: APIGroups) {
        api.members.get("notifications") { request, context -> Response in
            let caller = context.caller
            let query = QueryParameters(request)
            let limit = try query.int("limit", in: 1...Self.maximumLimit) ?? 50
            let before = try query.id("before")
            let recipient = LiveRecipient(userID: caller.id, workplaceID: caller.workplaceID, isManager: caller.isManager, sessionID: caller.sessionID)
            let events = try await pool.withConnection { connection in
                try LiveEventStore.personalEvents(
                    userID: caller.id, workplaceID: caller.workplaceID, before: before, limit: limit * 2, on: connection)
            }
            let notifications = events
                .filter { $0.topics.contains(.notifications) && $0.isVisible(to: recipient) }
                .prefix(limit)
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            headers[.cacheControl] = "no-store"
            let body = "[" + notifications.map(LiveMessageText.eventObject).joined(separator: ",") + "]"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
    }
}
