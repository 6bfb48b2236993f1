import Foundation
import ShiftyPostgres

/// SQL of the live layer: reading events by id, the retention boundary, and session checks.
package enum LiveEventStore {
    /// `current_managers`: for manager-only events, the workplace's active managers *when the row is
    /// read*, so a manager demoted (or deactivated) after connecting stops receiving the approval queue
    /// from the next read on, instead of until their socket closes.
    static let columns = """
        e.id, e.workplace_id, e.type, e.audience, e.user_ids, e.created_at, e.payload::text AS payload,
        CASE WHEN e.audience = 'managers' THEN ARRAY(
            SELECT m.id FROM users m WHERE m.workplace_id = e.workplace_id AND m.role = 'manager' AND m.active
        ) END AS current_managers
        """

    /// The newest event id of a workplace (0 when it has none).
    package static func newestID(workplaceID: Int64, on connection: PostgresConnection) throws -> Int64 {
        try connection.query(
            "SELECT coalesce(max(id), 0)::bigint AS newest FROM events WHERE workplace_id = \(workplaceID)")[0].decode("newest")
    }

    /// Up to `limit` events of a workplace after `after`, by id.
    static func events(workplaceID: Int64, after: Int64, limit: Int, on connection: PostgresConnection) throws -> [OutboxEvent] {
        try connection.query(
            "SELECT \(sql: columns) FROM events e WHERE e.workplace_id = \(workplaceID) AND e.id > \(after) ORDER BY e.id LIMIT \(Int64(limit))").map(event(from:))
    }

    /// Up to `limit` events of a workplace after `after` and up to `through`, by id (a replay's page).
    static func events(workplaceID: Int64, after: Int64, through: Int64, limit: Int, on connection: PostgresConnection) throws -> [OutboxEvent] {
        try connection.query(
            "SELECT \(sql: columns) FROM events e WHERE e.workplace_id = \(workplaceID) AND e.id > \(after) AND e.id <= \(through) ORDER BY e.id LIMIT \(Int64(limit))").map(event(from:))
    }

    /// How many events of a workplace lie in `(after, through]`, counting no further than `limit`.
    static func count(workplaceID: Int64, after: Int64, through: Int64, upTo limit: Int, on connection: PostgresConnection) throws -> Int {
        try connection.query(
            """
            SELECT count(*)::bigint AS n FROM (
                SELECT 1 FROM events WHERE workplace_id = \(workplaceID) AND id > \(after) AND id <= \(through) LIMIT \(Int64(limit))
            ) AS missing
            """)[0].decode("n")
    }

    /// Up to `limit` events per workplace after each cursor, all in id order: one query for every
    /// workplace an instance serves.
    static func events(after cursors: [Int64: Int64], limit: Int, on connection: PostgresConnection) throws -> [OutboxEvent] {
        guard !cursors.isEmpty else { return [] }
        let workplaces = Array(cursors.keys)
        return try connection.query(
            """
            SELECT \(sql: columns)
            FROM unnest(\(workplaces)::bigint[], \(workplaces.map { cursors[$0] ?? 0 })::bigint[]) AS c(workplace_id, after_id)
            CROSS JOIN LATERAL (
                SELECT * FROM events e WHERE e.workplace_id = c.workplace_id AND e.id > c.after_id ORDER BY e.id LIMIT \(Int64(limit))
            ) AS e
            ORDER BY e.id
            """).map(event(from:))
    }

    /// Events addressed to this member personally (`users` audience), newest first, older than `before`.
    package static func personalEvents(userID: Int64, workplaceID: Int64, before: Int64?, limit: Int, on connection: PostgresConnection) throws -> [OutboxEvent] {
        try connection.query(
            """
            SELECT \(sql: columns) FROM events e
            WHERE e.workplace_id = \(workplaceID) AND e.audience = 'users' AND \(userID) = ANY(e.user_ids)
              AND (\(before)::bigint IS NULL OR e.id < \(before))
            ORDER BY e.id DESC LIMIT \(Int64(limit))
            """).map(event(from:))
    }

    /// Ids at or below the result may have been deleted by retention (0: nothing deleted yet).
    static func prunedThrough(workplaceID: Int64, on connection: PostgresConnection) throws -> Int64 {
        try connection.query(
            "SELECT pruned_through_id FROM event_retention WHERE workplace_id = \(workplaceID)").first?.decode("pruned_through_id") ?? 0
    }

    /// Deletes events older than `days` and records how far each workplace was pruned; returns how many.
    @discardableResult
    static func prune(olderThanDays days: Int, on connection: PostgresConnection) throws -> Int64 {
        try connection.query(
            """
            WITH deleted AS (
                DELETE FROM events WHERE created_at < now() - make_interval(days => \(Int64(days))::int) RETURNING workplace_id, id
            ), boundary AS (
                INSERT INTO event_retention (workplace_id, pruned_through_id)
                SELECT workplace_id, max(id) FROM deleted GROUP BY workplace_id
                ON CONFLICT (workplace_id) DO UPDATE
                    SET pruned_through_id = GREATEST(event_retention.pruned_through_id, EXCLUDED.pruned_through_id)
                RETURNING 1
            )
            SELECT (SELECT count(*) FROM deleted)::bigint AS n
            """)[0].decode("n")
    }

    /// Of these sessions, the ones that ended (revoked, expired, or the member was deactivated).
    static func endedSessions(among ids: [Int64], on connection: PostgresConnection) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        let rows = try connection.query(
            """
            SELECT i.id FROM unnest(\(ids)::bigint[]) AS i(id)
            LEFT JOIN sessions s ON s.id = i.id
            LEFT JOIN users u ON u.id = s.user_id
            WHERE s.id IS NULL OR s.revoked_at IS NOT NULL OR s.expires_at <= now() OR NOT u.active
            """)
        return Set(try rows.map { try $0.decode("id", as: Int64.self) })
    }

    static func event(from row: PostgresRow) throws -> OutboxEvent {
        let audience: OutboxEvent.Audience
        switch try row.decode("audience", as: String.self) {
        case "managers": audience = .managers
        case "workplace": audience = .workplace
        case "users": audience = .users(try row.decode("user_ids"))
        default: audience = .users([])  // unknown: nobody, never wider
        }
        var event = OutboxEvent(
            id: try row.decode("id"), workplaceID: try row.decode("workplace_id"), type: try row.decode("type"),
            audience: audience, createdAt: try row.decode("created_at"), payloadJSON: try row.decode("payload"))
        if audience == .managers {
            event.currentManagerIDs = Set(try row.decode("current_managers", as: [Int64]?.self) ?? [])
        }
        return event
    }
}
