import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres

/// SQL for time-off requests; parameterized, on the caller's connection (and transaction).
enum TimeOffStore {
    static let columns = """
        t.id, t.user_id, u.display_name AS user_name, t.first_date::text AS first_date, t.last_date::text AS last_date,
        to_char(t.start_time, 'HH24:MI') AS start_time, to_char(t.end_time, 'HH24:MI') AS end_time,
        t.starts_at, t.ends_at, t.reason, t.status, t.manager_note, t.decided_by, t.decided_at, t.created_at
        """

    /// The workplace's requests (or one member's), newest period first; `status` filters.
    static func list(
        workplaceID: Int64, userID: Int64?, status: TimeOffStatus?, on connection: PostgresConnection
    ) throws -> [ShiftyAPI.TimeOffRequest] {
        try connection.query(
            """
            SELECT \(sql: columns) FROM time_off_requests t JOIN users u ON u.id = t.user_id
            WHERE t.workplace_id = \(workplaceID) AND (\(userID)::bigint IS NULL OR t.user_id = \(userID)) AND (\(status?.rawValue)::text IS NULL OR t.status = \(status?.rawValue))
            ORDER BY t.starts_at DESC, t.id DESC LIMIT 500
            """).map(ShiftyAPI.TimeOffRequest.init(row:))
    }

    /// One request of the workplace, locked for the rest of the transaction; `nil` when there is none.
    static func lock(_ id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> ShiftyAPI.TimeOffRequest? {
        try connection.query(
            """
            SELECT \(sql: columns) FROM time_off_requests t JOIN users u ON u.id = t.user_id
            WHERE t.id = \(id) AND t.workplace_id = \(workplaceID) FOR UPDATE OF t
            """).first.map(ShiftyAPI.TimeOffRequest.init(row:))
    }

    /// One request of the workplace as the rules see it, locked for the rest of the transaction;
    /// `nil` when the workplace has none with that id.
    static func lockForDecision(_ id: TimeOffID, workplaceID: Int64, on connection: PostgresConnection) throws -> TimeOff? {
        try connection.query(
            """
            SELECT id, user_id, starts_at, ends_at, status FROM time_off_requests
            WHERE id = \(id.rawValue) AND workplace_id = \(workplaceID) FOR UPDATE
            """).first.map(TimeOff.init(row:))
    }

    static func insert(
        workplaceID: Int64, userID: Int64, period: TimeOffPeriod, interval: Range<Date>, reason: String,
        on connection: PostgresConnection
    ) throws -> Int64 {
        try connection.query(
            """
            INSERT INTO time_off_requests (workplace_id, user_id, first_date, last_date, start_time, end_time, starts_at, ends_at, reason)
            VALUES (\(workplaceID), \(userID), \(period.firstDate.description)::date, \(period.lastDate.description)::date, \(period.startTime?.description)::time, \(period.endTime?.description)::time, \(interval.lowerBound), \(interval.upperBound), \(reason)) RETURNING id
            """).first!.decode("id")
    }

    /// Writes a decided status; the caller holds the row's lock (``lockForDecision(_:workplaceID:on:)``),
    /// so the status the rules decided on is still the row's.
    static func setStatus(
        _ id: Int64, to status: TimeOffStatus, note: String?, decidedBy: Int64?, now: Date, on connection: PostgresConnection
    ) throws {
        try connection.execute(
            """
            UPDATE time_off_requests SET status = \(status.rawValue), updated_at = \(now),
                manager_note = COALESCE(\(note), manager_note),
                decided_by = COALESCE(\(decidedBy), decided_by), decided_at = CASE WHEN \(decidedBy)::bigint IS NULL THEN decided_at ELSE \(now) END
            WHERE id = \(id)
            """)
    }

    /// The member's shifts an approval releases: still theirs, not yet started, inside the time off,
    /// not locked in a pending deal or suggested to a request (those are decided first).
    static func shiftsToRelease(userID: Int64, interval: Range<Date>, now: Date, on connection: PostgresConnection) throws -> [Int64] {
        try connection.query(
            """
            SELECT id FROM shifts
            WHERE owner_id = \(userID) AND status IN ('scheduled', 'supplied') AND NOT unassigned
              AND starts_at < \(interval.upperBound) AND ends_at > \(interval.lowerBound) AND starts_at > \(now)
            ORDER BY starts_at, id
            """).map { try $0.decode("id") }
    }

    /// The active managers of the workplace (time-off events go to them and to the member).
    static func managerIDs(workplaceID: Int64, on connection: PostgresConnection) throws -> [Int64] {
        try connection.query(
            "SELECT id FROM users WHERE workplace_id = \(workplaceID) AND role = 'manager' AND active").map { try $0.decode("id") }
    }
}
