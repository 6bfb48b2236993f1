import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Reads what the "now" board is computed from: the workplace's zone, the shifts around now and
/// whether today is a closed day.
enum NowBoardStore {
    /// The board of `workplaceID` at `now`.
    static func board(workplaceID: Int64, now: Date, on connection: PostgresConnection) throws -> NowBoard {
        guard let row = try connection.query("SELECT time_zone FROM workplaces WHERE id = $1", [workplaceID]).first else {
            throw Problem.notFound("workplace")
        }
        let zoneName: String = try row.decode("time_zone")
        let zone = (try? WorkplaceTimeZone(identifier: zoneName)) ?? .utc
        let today = zone.localDate(of: now)
        // In progress now (a shift lasts at most a day, so it started at most 1440 minutes ago),
        // today's, and the next `lookAheadDays` days'.
        let from = min(zone.startOfDay(today), now.addingTimeInterval(-24 * 3600 - 60))
        let until = zone.endOfDay(today.adding(days: NowBoard.lookAheadDays))
        let shifts = try connection.query(
            """
            SELECT s.id, s.owner_id, u.display_name, s.position, s.local_date::text AS local_date, s.starts_at, s.ends_at
            FROM shifts s JOIN users u ON u.id = s.owner_id
            WHERE s.workplace_id = $1 AND s.status <> 'cancelled'
              AND s.starts_at >= $2::timestamptz AND s.starts_at < $3::timestamptz
              AND (s.starts_at < $4::timestamptz
                   OR s.local_date = (SELECT min(n.local_date) FROM shifts n
                                      WHERE n.workplace_id = $1 AND n.status <> 'cancelled'
                                        AND n.starts_at >= $4::timestamptz AND n.starts_at < $3::timestamptz))
            ORDER BY s.starts_at, s.id
            """,
            [workplaceID, from, until, zone.endOfDay(today)]
        ).map { row in
            NowBoardShift(
                id: try row.decode("id"), ownerID: try row.decode("owner_id"), ownerName: try row.decode("display_name"),
                position: try row.decode("position"), date: try row.localDate("local_date"),
                startsAt: try row.decode("starts_at"), endsAt: try row.decode("ends_at"))
        }
        let closedDay: String? = try connection.query(
            "SELECT name FROM closed_days WHERE workplace_id = $1 AND day = $2::date", [workplaceID, today.description]
        ).first?.decode("name")
        return NowBoard(shifts: shifts, now: now, zone: zone, closedDay: closedDay)
    }
}
