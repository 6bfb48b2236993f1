import Foundation
import ShiftyDomain
import ShiftyLocalization
import ShiftyPostgres
import ShiftyServerCore

/// SQL for the `notification_deliveries` outbox: write, claim, finish, list failures.
package enum NotificationDeliveryStore {
    /// Writes one delivery unless the same (message, channel, person) exists; returns 1 or 0.
    @discardableResult
    package static func insert(
        workplaceID: Int64, userID: Int64?, address: String?, eventID: Int64?, dedupeKey: String,
        kind: NotificationKind, channel: NotificationChannel, text: NotificationText, messageID: String,
        digest: Bool, notBefore: Date, on connection: PostgresConnection
    ) throws -> Int {
        try connection.execute(
            """
            INSERT INTO notification_deliveries
                (workplace_id, user_id, address, event_id, dedupe_key, kind, channel, subject, body, link, message_id, digest, not_before, language)
            VALUES (\(workplaceID), \(userID), \(bind: address), \(eventID), \(bind: dedupeKey), \(bind: kind.rawValue),
                    \(bind: channel.rawValue), \(bind: String(text.subject.prefix(300))), \(bind: text.body), \(bind: text.route),
                    \(bind: messageID), \(digest), \(notBefore), \(bind: text.language.rawValue))
            ON CONFLICT (dedupe_key, channel, user_id) DO NOTHING
            """)
    }

    /// Claims up to `limit` due rows of `channel` for `lease`: pending ones whose time has come, and
    /// ones another instance claimed but did not finish before its lease ran out (it died mid-send).
    /// `FOR UPDATE SKIP LOCKED` lets every instance claim at once without waiting or sharing rows.
    static func claim(
        channel: NotificationChannel, now: Date, lease: Duration, limit: Int, on connection: PostgresConnection
    ) throws -> [NotificationDelivery] {
        let claimedIDs: [Int64] = try connection.query(
            """
            UPDATE notification_deliveries d SET status = 'sending', attempts = d.attempts + 1,
                claimed_until = \(now)::timestamptz + make_interval(secs => \(Double(lease.components.seconds)))
            FROM (
                SELECT id FROM notification_deliveries
                WHERE channel = \(channel.rawValue) AND not_before <= \(now)
                  AND (status = 'pending' OR (status = 'sending' AND claimed_until < \(now)))
                ORDER BY not_before, id LIMIT \(limit) FOR UPDATE SKIP LOCKED
            ) AS due
            WHERE d.id = due.id
            RETURNING d.id
            """).map { try $0.decode("id") }
        guard !claimedIDs.isEmpty else { return [] }
        return try connection.query(
            """
            SELECT d.id, d.workplace_id, w.name AS workplace_name, d.user_id, coalesce(u.display_name, d.address) AS recipient_name,
                   coalesce(d.address, u.email) AS email, d.kind, d.channel, d.subject, d.body, d.link, d.message_id, d.digest, d.attempts,
                   d.language
            FROM notification_deliveries d JOIN workplaces w ON w.id = d.workplace_id LEFT JOIN users u ON u.id = d.user_id
            WHERE d.id = ANY(\(claimedIDs)) ORDER BY d.id
            """).map { row in
            NotificationDelivery(
                id: try row.decode("id"), workplaceID: try row.decode("workplace_id"), workplaceName: try row.decode("workplace_name"),
                userID: try row.decode("user_id"), recipientName: try row.decode("recipient_name"), emailAddress: try row.decode("email"),
                kind: try row.decode("kind", as: NotificationKind.self), channel: try row.decode("channel", as: NotificationChannel.self),
                subject: try row.decode("subject"), body: try row.decode("body"), link: try row.decode("link"),
                messageID: try row.decode("message_id"), digest: try row.decode("digest"), attempts: try row.decode("attempts"),
                language: (try row.decode("language") as String?).map { LanguageCode($0) } ?? .english)
        }
    }

    /// Gives claimed rows back unsent (the claim is not counted as an attempt).
    static func release(ids: [Int64], on connection: PostgresConnection) throws {
        try connection.execute(
            """
            UPDATE notification_deliveries SET status = 'pending', claimed_until = NULL, attempts = greatest(attempts - 1, 0)
            WHERE id = ANY(\(ids)) AND status = 'sending'
            """)
    }

    /// Records a delivery (secrets in account messages, reset links and invite codes, are scrubbed
    /// from the stored body once sent or given up on).
    static func finish(
        ids: [Int64], outcome: DeliveryOutcome, now: Date, maximumAttempts: Int, backoff: @Sendable (Int) -> Duration,
        attempts: Int, on connection: PostgresConnection
    ) throws {
        switch outcome {
        case .delivered:
            try connection.execute(
                """
                UPDATE notification_deliveries SET status = 'delivered', finished_at = \(now), claimed_until = NULL, last_error = NULL,
                    body = CASE WHEN kind = 'account' THEN '(sent)' ELSE body END, link = CASE WHEN kind = 'account' THEN '#/' ELSE link END
                WHERE id = ANY(\(ids))
                """)
        case .retryLater(let reason) where attempts < maximumAttempts:
            try connection.execute(
                """
                UPDATE notification_deliveries SET status = 'pending', claimed_until = NULL, last_error = \(String(reason.prefix(500))),
                    not_before = \(now)::timestamptz + make_interval(secs => \(Double(backoff(attempts).components.seconds)))
                WHERE id = ANY(\(ids))
                """)
        case .retryLater(let reason), .gone(let reason):
            try connection.execute(
                """
                UPDATE notification_deliveries SET status = 'failed', finished_at = \(now), claimed_until = NULL, last_error = \(String(reason.prefix(500))),
                    body = CASE WHEN kind = 'account' THEN '(not sent)' ELSE body END, link = CASE WHEN kind = 'account' THEN '#/' ELSE link END
                WHERE id = ANY(\(ids))
                """)
        }
    }

    /// The workplace's deliveries that gave up, newest first (managers see them).
    package static func failures(workplaceID: Int64, limit: Int, on connection: PostgresConnection) throws -> [NotificationFailureView] {
        try connection.query(
            """
            SELECT d.id, d.kind, d.channel, d.subject, d.attempts, d.last_error, d.finished_at, d.user_id,
                   coalesce(u.display_name, d.address) AS recipient
            FROM notification_deliveries d LEFT JOIN users u ON u.id = d.user_id
            WHERE d.workplace_id = \(workplaceID) AND d.status = 'failed'
            ORDER BY d.finished_at DESC, d.id DESC LIMIT \(limit)
            """).map { row in
            NotificationFailureView(
                id: try row.decode("id"), kind: try row.decode("kind"), channel: try row.decode("channel"),
                subject: try row.decode("subject"), recipientId: try row.decode("user_id"), recipient: try row.decode("recipient"),
                attempts: try row.decode("attempts"), lastError: try row.decode("last_error"), failedAt: try row.decode("finished_at"))
        }
    }
}

/// A delivery that gave up, as `GET /notification-failures` lists it.
package struct NotificationFailureView: Encodable, Sendable {
    var id: Int64
    var kind: String
    var channel: String
    var subject: String
    var recipientId: Int64?
    var recipient: String
    var attempts: Int
    var lastError: String?
    var failedAt: Date?
}
