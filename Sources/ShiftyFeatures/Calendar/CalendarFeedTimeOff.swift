import Foundation
import ShiftyDomain
import ShiftyLocalization
import ShiftyPostgres

/// A member's approved time off (or approved and later withdrawn) as the feed reads it: a busy
/// event, all-day for whole days, timed for part days.
package struct CalendarFeedTimeOff: Sendable, Equatable {
    var id: Int64
    var firstDate: LocalDate
    var lastDate: LocalDate
    var isWholeDays: Bool
    var start: Date
    var end: Date
    var reason: String
    /// `approved`, or `withdrawn` (shown cancelled so calendars drop it).
    var status: String
    var lastModified: Date

    package func event(workplaceName: String, slug: String, catalogue: Catalogue = .of(.english)) -> CalendarEvent {
        let withdrawn = status != TimeOffStatus.approved.rawValue
        return CalendarEvent(
            uid: "time-off-\(id)@\(slug)",
            start: start, end: end,
            summary: catalogue.text("server.calendar.timeOff.summary", ["workplace": workplaceName]),
            description: withdrawn ? catalogue.text("server.calendar.timeOff.withdrawn") : (reason.isEmpty ? nil : reason),
            // Approved is the first version subscribers see; a withdrawal is the second.
            sequence: withdrawn ? 2 : 1,
            lastModified: lastModified,
            cancelled: withdrawn,
            allDay: isWholeDays ? firstDate...lastDate : nil)
    }
}

extension CalendarFeedStore {
    /// The member's approved time off overlapping the feed's window, and approved time off they
    /// withdrew since (a withdrawn request that was never approved never reached a calendar).
    package static func timeOff(userID: Int64, around now: Date, on connection: PostgresConnection) throws -> [CalendarFeedTimeOff] {
        let from = now.addingTimeInterval(-Double(daysBack) * 86_400)
        let to = now.addingTimeInterval(Double(daysAhead) * 86_400)
        return try connection.query(
            """
            SELECT id, first_date::text AS first_date, last_date::text AS last_date, start_time IS NULL AND end_time IS NULL AS whole,
                   starts_at, ends_at, reason, status, updated_at
            FROM time_off_requests
            WHERE user_id = \(userID) AND starts_at < \(to) AND ends_at > \(from)
              AND (status = 'approved' OR (status = 'withdrawn' AND decided_at IS NOT NULL))
            ORDER BY starts_at, id
            """).map { row in
            CalendarFeedTimeOff(
                id: try row.decode("id"), firstDate: try row.localDate("first_date"), lastDate: try row.localDate("last_date"),
                isWholeDays: try row.decode("whole"), start: try row.decode("starts_at"), end: try row.decode("ends_at"),
                reason: try row.decode("reason"), status: try row.decode("status"), lastModified: try row.decode("updated_at"))
        }
    }
}
