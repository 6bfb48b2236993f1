import Foundation
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// Reads what the "now" board is computed from: the workplace's zone, the shifts around now and
/// whether today is a closed day.
///
/// Shifts are found through the workplace's members and `shifts_owner_time_idx` (owner, start), so
/// a board costs a few index probes per member whatever the size of the whole shifts table.
package enum NowBoardStore {
    /// The board of `workplaceID` at `now`.
    package static func board(workplaceID: Int64, now: Date, on connection: PostgresConnection) throws -> ComputedNowBoard {
        guard let row = try connection.query("SELECT time_zone FROM workplaces WHERE id = \(workplaceID)").first else {
            throw StoreError.workplaceNotFound(workplaceID: workplaceID)
        }
        let zoneName: String = try row.decode("time_zone")
        let zone = (try? WorkplaceTimeZone(identifier: zoneName)) ?? .utc
        let today = zone.localDate(of: now)
        let endOfToday = zone.endOfDay(today)
        // In progress now (a shift lasts at most a day, so it started at most 1440 minutes ago) and today's.
        let from = min(zone.startOfDay(today), now.addingTimeInterval(-24 * 3600 - 60))
        var shifts = try Self.shifts(workplaceID: workplaceID, from: from, until: endOfToday, on: connection)
        // Nobody left to start today: the first day with shifts in the coming week.
        if !shifts.contains(where: { $0.date == today && $0.startsAt > now }) {
            let until = zone.endOfDay(today.adding(days: ComputedNowBoard.lookAheadDays))
            if let first = try Self.firstStart(workplaceID: workplaceID, from: endOfToday, until: until, on: connection) {
                let day = zone.localDate(of: first)
                shifts += try Self.shifts(workplaceID: workplaceID, from: first, until: zone.endOfDay(day), on: connection)
            }
        }
        let closedDay: String? = try connection.query(
            "SELECT name FROM closed_days WHERE workplace_id = \(workplaceID) AND day = \(today.description)::date").first?.decode("name")
        return ComputedNowBoard(shifts: shifts, now: now, zone: zone, closedDay: closedDay)
    }

    /// The workplace's non-cancelled shifts starting in `[from, until)`.
    static func shifts(workplaceID: Int64, from: Date, until: Date, on connection: PostgresConnection) throws -> [NowBoardShift] {
        try connection.query(
            """
            SELECT s.id, s.owner_id, u.display_name, s.position, s.local_date::text AS local_date, s.starts_at, s.ends_at
            FROM users u JOIN shifts s ON s.owner_id = u.id
            WHERE u.workplace_id = \(workplaceID) AND s.workplace_id = \(workplaceID) AND s.status <> 'cancelled'
              AND s.starts_at >= \(from)::timestamptz AND s.starts_at < \(until)::timestamptz
            ORDER BY s.starts_at, s.id
            """).map { row in
            NowBoardShift(
                id: try row.decode("id"), ownerID: try row.decode("owner_id"), ownerName: try row.decode("display_name"),
                position: try row.decode("position"), date: try row.localDate("local_date"),
                startsAt: try row.decode("starts_at"), endsAt: try row.decode("ends_at"))
        }
    }

    /// The earliest start of a non-cancelled shift in `[from, until)`: one index probe per member
    /// instead of reading a week of shifts.
    static func firstStart(workplaceID: Int64, from: Date, until: Date, on connection: PostgresConnection) throws -> Date? {
        let rows = try connection.query(
            """
            SELECT min(first.starts_at) AS first_start
            FROM users u CROSS JOIN LATERAL (
                SELECT s.starts_at FROM shifts s
                WHERE s.owner_id = u.id AND s.workplace_id = \(workplaceID) AND s.status <> 'cancelled'
                  AND s.starts_at >= \(from)::timestamptz AND s.starts_at < \(until)::timestamptz
                ORDER BY s.starts_at LIMIT 1
            ) AS first
            WHERE u.workplace_id = \(workplaceID)
            """)
        return try rows.first?.decode("first_start", as: Date?.self) ?? nil
    }
}
