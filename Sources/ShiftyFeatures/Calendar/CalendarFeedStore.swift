import Foundation
import ShiftyDomain
import ShiftyLocalization
import ShiftyPostgres
import ShiftySecurity
import ShiftyServerCore

/// SQL for calendar feeds. Tokens are stored only as SHA-256 hashes (see sql/0007_calendar_feed.sql).
package enum CalendarFeedStore {
    /// How far back and ahead the feed reaches: a month of history and eight weeks of schedule.
    static let daysBack = 30
    static let daysAhead = 56

    /// When the member's feed was turned on (or last rotated), or nil when it is off.
    package static func enabledAt(userID: Int64, on connection: PostgresConnection) throws -> Date? {
        let rows = try connection.query("SELECT created_at FROM calendar_feeds WHERE user_id = \(userID)")
        return try rows.first?.decode("created_at")
    }

    /// Turns the feed on, or replaces its token so the previous URL stops working.
    package static func rotate(userID: Int64, on connection: PostgresConnection) throws -> (token: String, createdAt: Date) {
        let token = SecretToken()
        let rows = try connection.query(
            """
            INSERT INTO calendar_feeds (user_id, token_hash) VALUES (\(userID), \(token.hash))
            ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()
            RETURNING created_at
            """)
        return (token.value, try rows[0].decode("created_at"))
    }

    /// Turns the feed off; true when it was on.
    package static func disable(userID: Int64, on connection: PostgresConnection) throws -> Bool {
        try connection.execute("DELETE FROM calendar_feeds WHERE user_id = \(userID)") > 0
    }

    /// The active member a presented token belongs to.
    package static func owner(token: String, on connection: PostgresConnection) throws -> CalendarFeedOwner? {
        let rows = try connection.query(
            """
            SELECT u.id, u.display_name, w.name AS workplace_name, w.slug, w.time_zone,
                   coalesce(u.language, w.settings->>'language') AS language
            FROM calendar_feeds f
            JOIN users u ON u.id = f.user_id
            JOIN workplaces w ON w.id = u.workplace_id
            WHERE f.token_hash = \(SecretToken.hash(of: token)) AND u.active
            """)
        guard let row = rows.first else { return nil }
        return CalendarFeedOwner(
            userID: try row.decode("id"), displayName: try row.decode("display_name"),
            workplaceName: try row.decode("workplace_name"), workplaceSlug: try row.decode("slug"),
            timeZone: try row.decode("time_zone"),
            language: (try row.decode("language") as String?).map { LanguageCode($0) } ?? .english)
    }

    /// The member's shifts starting within the window around `now`, cancelled ones included, and
    /// the shifts that left them within it; ordered by start. Live and cancelled shifts are read
    /// separately so each branch uses its partial (owner, start) index instead of scanning shifts.
    package static func shifts(userID: Int64, around now: Date, on connection: PostgresConnection) throws -> [CalendarFeedShift] {
        let from = now.addingTimeInterval(-Double(daysBack) * 86_400)
        let to = now.addingTimeInterval(Double(daysAhead) * 86_400)
        let rows = try connection.query(
            """
            SELECT id, starts_at, ends_at, position, status, sequence, updated_at AS last_modified
            FROM shifts
            WHERE owner_id = \(userID) AND starts_at >= \(from) AND starts_at < \(to) AND status <> 'cancelled'
            UNION ALL
            SELECT id, starts_at, ends_at, position, status, sequence, updated_at
            FROM shifts
            WHERE owner_id = \(userID) AND starts_at >= \(from) AND starts_at < \(to) AND status = 'cancelled'
            UNION ALL
            SELECT d.shift_id, d.starts_at, d.ends_at, d.position, NULL, d.sequence, d.departed_at
            FROM shift_departures d
            WHERE d.user_id = \(userID) AND d.starts_at >= \(from) AND d.starts_at < \(to)
              AND NOT EXISTS (SELECT 1 FROM shifts s WHERE s.id = d.shift_id AND s.owner_id = \(userID))
            ORDER BY starts_at, id
            """)
        return try rows.map { row in
            CalendarFeedShift(
                id: try row.decode("id"), start: try row.decode("starts_at"), end: try row.decode("ends_at"),
                position: try row.decode("position"),
                status: try row.decode("status", as: String?.self) == nil ? nil : try row.decode("status", as: ShiftStatus.self),
                sequence: Int(try row.decode("sequence", as: Int64.self)), lastModified: try row.decode("last_modified"))
        }
    }
}
