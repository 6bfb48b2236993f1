import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Loads what the calculator needs (punches around a range, closed days, scheduled shifts) and
/// runs it. Shared by the kiosk answer, the day views, the reports and the charts.
package enum TimeclockQueries {
    /// A scheduled shift with its position, for deviations and "hours by position".
    struct ScheduledShift: Sendable {
        var interval: ShiftInterval
        var position: String?
    }

    /// The instants bounding `[first, last]` widened by one day each side, so sessions crossing
    /// the range's first or last midnight still pair up.
    static func punchWindow(first: LocalDate, last: LocalDate, timeZone: WorkplaceTimeZone) -> (from: Date, to: Date) {
        (timeZone.startOfDay(first.adding(days: -1)), timeZone.endOfDay(last.adding(days: 1)))
    }

    static func closedDates(workplaceID: Int64, first: LocalDate, last: LocalDate, on connection: PostgresConnection) throws -> Set<LocalDate> {
        let rows = try connection.query(
            "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM closed_days WHERE workplace_id = \(workplaceID) AND day BETWEEN \(first.description)::date AND \(last.description)::date")
        return Set(try rows.compactMap { LocalDate(try $0.decode("day", as: String.self)) })
    }

    /// The workplace-local dates in `[first, last]` on which members have approved time off (whole
    /// or part of the day), by member: such a day is never an absence.
    static func timeOffDates(
        workplaceID: Int64, userIDs: [Int64]?, first: LocalDate, last: LocalDate, on connection: PostgresConnection
    ) throws -> [Int64: Set<LocalDate>] {
        let rows = try connection.query(
            """
            SELECT user_id, first_date::text AS first_date, last_date::text AS last_date FROM time_off_requests
            WHERE workplace_id = \(workplaceID) AND status = 'approved' AND first_date <= \(last.description)::date AND last_date >= \(first.description)::date
              AND (\(userIDs)::bigint[] IS NULL OR user_id = ANY(\(userIDs)))
            """)
        var result: [Int64: Set<LocalDate>] = [:]
        for row in rows {
            var date = max(try row.localDate("first_date"), first)
            let end = min(try row.localDate("last_date"), last)
            while date <= end {
                result[try row.decode("user_id"), default: []].insert(date)
                date = date.adding(days: 1)
            }
        }
        return result
    }

    /// Non-cancelled shifts starting in `[from, to)`, by owner, each owner's in start order.
    ///
    /// Like the punches query this is a hot query of the monthly report (22,000 rows for 1,000
    /// members working every weekday): no ORDER BY, columns read by index, and instants as integer
    /// microseconds rather than timestamp text.
    static func scheduledShifts(workplaceID: Int64, userIDs: [Int64]?, from: Date, to: Date, on connection: PostgresConnection) throws -> [Int64: [ScheduledShift]] {
        let rows = try connection.query(
            """
            SELECT id, owner_id, (extract(epoch FROM starts_at) * 1000000)::bigint, (extract(epoch FROM ends_at) * 1000000)::bigint, position
            FROM shifts
            WHERE workplace_id = \(workplaceID) AND status <> 'cancelled' AND starts_at >= \(from) AND starts_at < \(to)
              AND (\(userIDs)::bigint[] IS NULL OR owner_id = ANY(\(userIDs)))
            """)
        var result: [Int64: [ScheduledShift]] = [:]
        for row in rows {
            let start = Date(timeIntervalSince1970: Double(try row.decode(2, as: Int64.self)) / 1_000_000)
            let end = Date(timeIntervalSince1970: Double(try row.decode(3, as: Int64.self)) / 1_000_000)
            let interval = ShiftInterval(shiftID: ShiftID(rawValue: try row.decode(0, as: Int64.self)), start: start, end: end)
            result[try row.decode(1, as: Int64.self), default: []].append(ScheduledShift(interval: interval, position: try row.decode(4, as: String?.self)))
        }
        return result.mapValues { shifts in
            shifts.sorted { $0.interval.start == $1.interval.start ? $0.interval.shiftID.rawValue < $1.interval.shiftID.rawValue : $0.interval.start < $1.interval.start }
        }
    }

    /// One member's day reports over `[first, last]`, judged up to today with their employment terms and shifts.
    static func days(userID: Int64, first: LocalDate, last: LocalDate, context: TimeclockSettingsStore.Context, now: Date, on connection: PostgresConnection) throws -> [DayReport] {
        let window = punchWindow(first: first, last: last, timeZone: context.timeZone)
        let punches = try PunchStore.punchesByMember(workplaceID: context.workplaceID, userIDs: [userID], from: window.from, to: window.to, on: connection)[userID] ?? []
        let closed = try closedDates(workplaceID: context.workplaceID, first: first, last: last, on: connection)
        let shifts = try scheduledShifts(
            workplaceID: context.workplaceID, userIDs: [userID], from: context.timeZone.startOfDay(first), to: context.timeZone.endOfDay(last), on: connection)
        let terms = try EmploymentStore.employment(userID: userID, workplaceID: context.workplaceID, on: connection)?.terms ?? .seedFixedQuota
        let timeOff = try timeOffDates(workplaceID: context.workplaceID, userIDs: [userID], first: first, last: last, on: connection)
        return context.calculator.dayReports(
            from: first, through: last, punches: punches, closedDates: closed, scheduled: (shifts[userID] ?? []).map(\.interval),
            asOf: context.timeZone.localDate(of: now), terms: terms, timeOffDates: timeOff[userID] ?? [])
    }

    /// Worked minutes today and in this ISO week so far (complete check-in/out pairs only).
    static func todayAndWeek(userID: Int64, context: TimeclockSettingsStore.Context, now: Date, on connection: PostgresConnection) throws -> (today: Int, week: Int) {
        let today = context.timeZone.localDate(of: now)
        let monday = ISOWeek(containing: today).monday
        let reports = try days(userID: userID, first: monday, last: today, context: context, now: now, on: connection)
        return (reports.last?.workedMinutes ?? 0, reports.reduce(0) { $0 + $1.workedMinutes })
    }
}
