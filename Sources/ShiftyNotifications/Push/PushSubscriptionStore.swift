import Foundation
import ShiftyPostgres
import ShiftySecurity

/// SQL for push subscriptions: one row per endpoint, owned by one member.
package enum PushSubscriptionStore {
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

    /// How many devices one member may have notifications on: enough for every phone, tablet and
    /// browser a person uses, few enough that one member cannot make every event fan out into
    /// thousands of requests to push services.
    package static let maximumPerMember = 10

    /// What became of a subscribe.
    package enum Subscribed {
        case stored(PushSubscriptionView)
        /// The endpoint is another member's subscription.
        case endpointTaken
        /// The member already has ``maximumPerMember`` other devices.
        case limitReached
    }

    /// Stores the subscription of an endpoint for this member, or renews it when it is already
    /// theirs (the page posts its endpoint again each time notifications are turned on).
    ///
    /// A subscription belongs to the member who made it. An endpoint URL is not a credential (it
    /// passes through the page, the service worker and logs), so posting another member's endpoint
    /// must not take their notifications away: it is refused. A browser shared by two members gets
    /// a fresh endpoint for the second one instead (the page unsubscribes and subscribes again),
    /// which ends the first member's subscription at the push service (410, then removed here).
    /// Runs in a transaction that has locked the member's row, so the count cannot race.
    package static func subscribe(
        workplaceID: Int64, userID: Int64, endpoint: String, p256dh: [UInt8], auth: [UInt8], userAgent: String,
        on connection: PostgresConnection
    ) throws -> Subscribed {
        _ = try connection.query("SELECT id FROM users WHERE id = \(userID) FOR NO KEY UPDATE")
        let existing = try connection.query("SELECT user_id FROM push_subscriptions WHERE endpoint = \(endpoint) FOR UPDATE")
        if let row = existing.first {
            guard try row.decode("user_id") as Int64 == userID else { return .endpointTaken }
            let rows = try connection.query(
                """
                UPDATE push_subscriptions SET p256dh = \(Data(p256dh)), auth = \(Data(auth)), user_agent = \(userAgent), last_failure_at = NULL, last_failure = NULL
                WHERE endpoint = \(endpoint) AND user_id = \(userID)
                RETURNING \(sql: columns)
                """)
            return .stored(try view(from: rows[0], thisEndpoint: endpoint))
        }
        let count: Int64 = try connection.query(
            "SELECT count(*)::bigint AS n FROM push_subscriptions WHERE user_id = \(userID)")[0].decode("n")
        guard count < maximumPerMember else { return .limitReached }
        // Another member may have stored the same endpoint since the look-up: theirs, then.
        let rows = try connection.query(
            """
            INSERT INTO push_subscriptions (workplace_id, user_id, endpoint, p256dh, auth, user_agent)
            VALUES (\(workplaceID), \(userID), \(endpoint), \(Data(p256dh)), \(Data(auth)), \(userAgent))
            ON CONFLICT (endpoint) DO NOTHING
            RETURNING \(sql: columns)
            """)
        guard let row = rows.first else { return .endpointTaken }
        return .stored(try view(from: row, thisEndpoint: endpoint))
    }

    package static func list(userID: Int64, thisEndpoint: String?, on connection: PostgresConnection) throws -> [PushSubscriptionView] {
        try connection.query(
            "SELECT \(sql: columns) FROM push_subscriptions WHERE user_id = \(userID) ORDER BY created_at DESC, id DESC").map { try view(from: $0, thisEndpoint: thisEndpoint) }
    }

    /// Revokes one of the member's own devices; false when it is not theirs or already gone.
    package static func delete(id: Int64, userID: Int64, on connection: PostgresConnection) throws -> Bool {
        try connection.execute("DELETE FROM push_subscriptions WHERE id = \(id) AND user_id = \(userID)") == 1
    }

    /// What the sender needs for each device of one member, as long as the member is active; a
    /// device stays with the workplace it was subscribed in.
    static func subscriptions(userID: Int64, on connection: PostgresConnection) throws -> [PushSubscription] {
        try connection.query(
            """
            SELECT s.id, s.user_id, s.endpoint, s.p256dh, s.auth FROM push_subscriptions s JOIN users u ON u.id = s.user_id
            WHERE s.user_id = \(userID) AND s.workplace_id = u.workplace_id AND u.active
            ORDER BY s.id
            """).map(subscription(from:))
    }

    static func subscription(from row: PostgresRow) throws -> PushSubscription {
        let p256dh: Data = try row.decode("p256dh")
        let auth: Data = try row.decode("auth")
        return PushSubscription(
            id: try row.decode("id"), userID: try row.decode("user_id"), endpoint: try row.decode("endpoint"),
            p256dh: Array(p256dh), auth: Array(auth))
    }

    static func recordSuccess(id: Int64, on connection: PostgresConnection) throws {
        try connection.execute("UPDATE push_subscriptions SET last_success_at = now() WHERE id = \(id)")
    }

    static func recordFailure(id: Int64, reason: String, on connection: PostgresConnection) throws {
        try connection.execute(
            "UPDATE push_subscriptions SET last_failure_at = now(), last_failure = left(\(reason), 300) WHERE id = \(id)")
    }

    /// The push service said the subscription is gone (404/410): forget it.
    static func remove(id: Int64, on connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM push_subscriptions WHERE id = \(id)")
    }
}
