import Foundation
import ShiftyPostgres
import ShiftySecurity

/// SQL for push subscriptions: one row per endpoint, owned by one member.
enum PushSubscriptionStore {
    static let columns = "id, endpoint, user_agent, created_at, last_success_at, last_failure_at, last_failure"

    static func view(from row: PostgresRow, thisEndpoint: String?) throws -> PushSubscriptionView {
        let endpoint: String = try row.decode("endpoint")
        return PushSubscriptionView(
            id: try row.decode("id"), device: try row.decode("user_agent"),
            service: VAPIDToken.audience(ofEndpoint: endpoint) ?? "",
            createdAt: try row.decode("created_at"), lastSuccessAt: try row.decode("last_success_at"),
            lastFailureAt: try row.decode("last_failure_at"), lastFailure: try row.decode("last_failure"),
            thisDevice: thisEndpoint.map { $0 == endpoint })
    }

    /// Stores (or takes over) the subscription of an endpoint for this member. A browser that
    /// re-subscribes after another member logged in on it moves to the new member: the endpoint is
    /// the device, and a device belongs to whoever subscribed last.
    static func upsert(
        workplaceID: Int64, userID: Int64, endpoint: String, p256dh: [UInt8], auth: [UInt8], userAgent: String,
        on connection: PostgresConnection
    ) throws -> PushSubscriptionView {
        let rows = try connection.query(
            """
            INSERT INTO push_subscriptions (workplace_id, user_id, endpoint, p256dh, auth, user_agent)
            VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (endpoint) DO UPDATE SET workplace_id = EXCLUDED.workplace_id, user_id = EXCLUDED.user_id,
                p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent,
                created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.created_at ELSE now() END,
                last_failure_at = NULL, last_failure = NULL
            RETURNING \(columns)
            """,
            [workplaceID, userID, endpoint, Data(p256dh), Data(auth), userAgent])
        return try view(from: rows[0], thisEndpoint: endpoint)
    }

    static func list(userID: Int64, thisEndpoint: String?, on connection: PostgresConnection) throws -> [PushSubscriptionView] {
        try connection.query(
            "SELECT \(columns) FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC", [userID]
        ).map { try view(from: $0, thisEndpoint: thisEndpoint) }
    }

    /// Revokes one of the member's own devices; false when it is not theirs or already gone.
    static func delete(id: Int64, userID: Int64, on connection: PostgresConnection) throws -> Bool {
        try connection.execute("DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2", [id, userID]) == 1
    }

    /// What the sender needs for each device of one member, as long as the member is active; a
    /// device stays with the workplace it was subscribed in.
    static func subscriptions(userID: Int64, on connection: PostgresConnection) throws -> [PushSubscription] {
        try connection.query(
            """
            SELECT s.id, s.user_id, s.endpoint, s.p256dh, s.auth FROM push_subscriptions s JOIN users u ON u.id = s.user_id
            WHERE s.user_id = $1 AND s.workplace_id = u.workplace_id AND u.active
            ORDER BY s.id
            """,
            [userID]
        ).map(subscription(from:))
    }

    static func subscription(from row: PostgresRow) throws -> PushSubscription {
        let p256dh: Data = try row.decode("p256dh")
        let auth: Data = try row.decode("auth")
        return PushSubscription(
            id: try row.decode("id"), userID: try row.decode("user_id"), endpoint: try row.decode("endpoint"),
            p256dh: Array(p256dh), auth: Array(auth))
    }

    static func recordSuccess(id: Int64, on connection: PostgresConnection) throws {
        try connection.execute("UPDATE push_subscriptions SET last_success_at = now() WHERE id = $1", [id])
    }

    static func recordFailure(id: Int64, reason: String, on connection: PostgresConnection) throws {
        try connection.execute(
            "UPDATE push_subscriptions SET last_failure_at = now(), last_failure = left($2, 300) WHERE id = $1", [id, reason])
    }

    /// The push service said the subscription is gone (404/410): forget it.
    static func remove(id: Int64, on connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM push_subscriptions WHERE id = $1", [id])
    }
}
