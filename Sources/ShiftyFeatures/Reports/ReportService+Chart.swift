import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

extension ReportService {
    /// Chart data for the workplace (managers) or one member (employees: always themselves).
    package func chart(_ caller: AuthenticatedUser, range: ChartRange, userID requested: Int64?, smooth: Bool) async throws -> ChartData {
        let userID = caller.isManager ? requested : caller.id
        return try await pool.transaction(isolation: .repeatableRead) { connection in
            guard let context = try TimeclockSettingsStore.context(workplaceID: caller.workplaceID, on: connection) else {
                throw StoreError.workplaceNotFound(workplaceID: caller.workplaceID)
            }
            if let userID, try AccountStore.user(id: userID, workplaceID: caller.workplaceID, on: connection) == nil {
                throw ReportRefusal.memberNotFound
            }
            return try Self.chart(context: context, range: range, userID: userID, smooth: smooth, now: Date(), on: connection)
        }
    }

    package static func chart(context: TimeclockSettingsStore.Context, range: ChartRange, userID: Int64?, smooth: Bool, now: Date, on connection: PostgresConnection) throws -> ChartData {
        let timeZone = context.timeZone
        let today = timeZone.localDate(of: now)
        var earliest: LocalDate?
        if case .all = range {
            let first: Date? = try connection.query(
                "SELECT min(at) AS first FROM punches WHERE workplace_id = \(context.workplaceID) AND (\(userID)::bigint IS NULL OR user_id = \(userID))").first?.decode("first")
            earliest = first.map { timeZone.localDate(of: $0) }
        }
        let (first, last) = range.dates(today: today, earliest: earliest)
        let ids: [Int64]? = userID.map { [$0] }
        let window = TimeclockQueries.punchWindow(first: first, last: last, timeZone: timeZone)
        let punches = try PunchStore.punchesByMember(workplaceID: context.workplaceID, userIDs: ids, from: window.from, to: window.to, on: connection)
        let rangeStart = timeZone.startOfDay(first)
        let rangeEnd = timeZone.endOfDay(last)
        let shifts = try TimeclockQueries.scheduledShifts(workplaceID: context.workplaceID, userIDs: ids, from: rangeStart, to: rangeEnd, on: connection)

        var secondsPerDay: [LocalDate: Int] = [:]
        var positions: [String?: (worked: Int, scheduled: Int)] = [:]
        let calculator = context.calculator.prepared(from: first.adding(days: -2), through: last.adding(days: 2))
        for (member, memberPunches) in punches {
            let sessions = PairedPunches(memberPunches).sessions
            for (date, seconds) in calculator.secondsPerLocalDay(sessions) where date >= first && date <= last {
                secondsPerDay[date, default: 0] += seconds
            }
            // Worked time inside the range, attributed to the position of the overlapping shift.
            let memberShifts = shifts[member] ?? []
            for session in sessions {
                let start = max(session.start, rangeStart)
                let end = min(session.end, rangeEnd)
                guard end > start else { continue }
                var attributed = 0
                for shift in memberShifts where shift.interval.start < end && start < shift.interval.end {
                    let overlap = Int(min(end, shift.interval.end).timeIntervalSince(max(start, shift.interval.start)))
                    positions[shift.position, default: (0, 0)].worked += overlap
                    attributed += overlap
                }
                let rest = Int(end.timeIntervalSince(start)) - attributed
                if rest > 0 { positions[nil, default: (0, 0)].worked += rest }
            }
        }
        for shift in shifts.values.joined() {
            positions[shift.position, default: (0, 0)].scheduled += Int(shift.interval.end.timeIntervalSince(shift.interval.start))
        }
        let count = first.days(until: last) + 1
        let days = (0..<max(0, count)).map { offset -> ChartData.Day in
            let date = first.adding(days: offset)
            return ChartData.Day(date: date.description, workedMinutes: (secondsPerDay[date] ?? 0) / 60)
        }
        let byPosition = positions.map { ChartData.Position(position: $0.key, workedMinutes: $0.value.worked / 60, scheduledMinutes: $0.value.scheduled / 60) }
            .sorted { ($0.workedMinutes, $1.position ?? "") > ($1.workedMinutes, $0.position ?? "") }
        return ChartData(
            range: ChartData.Range(range), from: first.description, to: last.description, userID: userID, days: days,
            smoothedHours: smooth ? SeriesSmoothing.averaged(days.map { Double($0.workedMinutes) / 60 }) : nil,
            byPosition: byPosition, totalWorkedMinutes: days.reduce(0) { $0 + $1.workedMinutes })
    }
}
