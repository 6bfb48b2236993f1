import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Builds monthly reports and chart data from the stored punches.
///
/// Everything for a report is read in one repeatable-read transaction (members, punches,
/// closed days, shifts: four queries however many members), then computed in memory by the
/// domain's ``TimeclockCalculator``.
public struct ReportService: Sendable {
    let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    /// The report of a workplace found by its slug: what `shifty report` prints.
    public func monthlyReport(workplaceSlug: String, month: ReportMonth, now: Date = Date()) async throws -> MonthlyReport {
        try await pool.transaction(isolation: .repeatableRead) { connection in
            guard let context = try TimeclockSettingsStore.context(slug: workplaceSlug, on: connection) else { throw Problem.notFound("workplace") }
            return try Self.build(context: context, month: month, userID: nil, now: now, on: connection)
        }
    }

    /// A caller's view: managers see the workplace or one member; employees only themselves.
    func monthlyReport(_ caller: AuthenticatedUser, month: ReportMonth, userID requested: Int64?) async throws -> MonthlyReport {
        let userID = caller.isManager ? requested : caller.id
        return try await pool.transaction(isolation: .repeatableRead) { connection in
            guard let context = try TimeclockSettingsStore.context(workplaceID: caller.workplaceID, on: connection) else { throw Problem.notFound("workplace") }
            return try Self.build(context: context, month: month, userID: userID, now: Date(), on: connection)
        }
    }

    static func build(context: TimeclockSettingsStore.Context, month: ReportMonth, userID: Int64?, now: Date, on connection: PostgresConnection) throws -> MonthlyReport {
        let first = month.firstDate
        let last = month.lastDate
        let today = context.timeZone.localDate(of: now)
        let judgedThrough: LocalDate? = today < last ? today : nil
        let members = try connection.query(
            """
            SELECT u.id, u.username, u.display_name, u.pay_type FROM users u
            WHERE u.workplace_id = $1 AND ($2::bigint IS NULL OR u.id = $2)
              AND (u.active OR EXISTS (SELECT 1 FROM punches p WHERE p.user_id = u.id AND p.at >= $3 AND p.at < $4))
            ORDER BY lower(u.display_name), u.id
            """,
            [context.workplaceID, userID, context.timeZone.startOfDay(first), context.timeZone.endOfDay(last)]
        )
        if userID != nil, members.isEmpty { throw Problem.notFound("user") }
        let ids: [Int64]? = userID.map { [$0] }
        let window = TimeclockQueries.punchWindow(first: first, last: last, timeZone: context.timeZone)
        let punches = try PunchStore.punchesByMember(workplaceID: context.workplaceID, userIDs: ids, from: window.from, to: window.to, on: connection)
        let closed = try TimeclockQueries.closedDates(workplaceID: context.workplaceID, first: first, last: last, on: connection)
        let shifts = try TimeclockQueries.scheduledShifts(
            workplaceID: context.workplaceID, userIDs: ids, from: context.timeZone.startOfDay(first), to: context.timeZone.endOfDay(last), on: connection)
        let monthStart = context.timeZone.startOfDay(first)
        let monthEnd = context.timeZone.endOfDay(last)

        // Day boundaries computed once for all members (see LocalDayTable).
        let calculator = context.calculator.prepared(from: first.adding(days: -2), through: last.adding(days: 2))
        var employees: [EmployeeMonthReport] = []
        employees.reserveCapacity(members.count)
        for row in members {
            let id: Int64 = try row.decode("id")
            let payType: String = try row.decode("pay_type")
            let memberPunches = punches[id] ?? []
            let scheduled = shifts[id] ?? []
            let report = calculator.monthReport(
                year: month.year, month: month.month, punches: memberPunches, closedDates: closed,
                scheduled: scheduled.map(\.interval), asOf: judgedThrough)
            let sessions = PairedPunches(memberPunches).sessions
            let isDiligence = payType == "diligence"
            employees.append(EmployeeMonthReport(
                userID: id, name: try row.decode("display_name"), username: try row.decode("username"), payType: payType,
                extraWageType: isDiligence ? "diligencePay" : "normalPay",
                monthlyOvertime: isDiligence ? 0 : (Double(report.overtimeMinutes) / 60 * 100).rounded() / 100,
                diligenceAbsences: isDiligence ? report.diligenceAbsences : 0,
                workedMinutes: report.workedMinutes, overtimeMinutes: report.overtimeMinutes, absences: report.absences,
                daysByStatus: report.statusCounts, oddPunchDates: report.oddPunchDates, complete: report.isComplete,
                punches: memberPunches.filter { $0.instant >= monthStart && $0.instant < monthEnd }.count,
                schedule: comparison(scheduled: scheduled.map(\.interval), sessions: sessions, deviations: report.deviations),
                days: userID == nil ? nil : report.days, weeks: userID == nil ? nil : report.weeks))
        }
        let totals = MonthlyReport.Totals(
            employees: employees.count,
            workedMinutes: employees.reduce(0) { $0 + $1.workedMinutes },
            overtimeMinutes: employees.reduce(0) { $0 + $1.overtimeMinutes },
            absences: employees.reduce(0) { $0 + $1.absences },
            diligenceAbsences: employees.reduce(0) { $0 + $1.diligenceAbsences },
            scheduledMinutes: employees.reduce(0) { $0 + $1.schedule.scheduledMinutes },
            punches: employees.reduce(0) { $0 + $1.punches },
            incompleteEmployees: employees.filter { !$0.complete }.count)
        return MonthlyReport(
            workplace: context.slug, workplaceName: context.name, month: month, timeZone: context.timeZone.identifier,
            rules: TimeclockRulesDocument(context.rules), judgedThrough: judgedThrough, employees: employees, totals: totals)
    }

    static func comparison(scheduled: [ShiftInterval], sessions: [WorkSession], deviations: [ScheduleDeviation]) -> ScheduleComparison {
        var scheduledSeconds = 0
        var overlapSeconds = 0
        for shift in scheduled {
            scheduledSeconds += Int(shift.end.timeIntervalSince(shift.start))
            for session in sessions where session.start < shift.end && shift.start < session.end {
                overlapSeconds += Int(min(session.end, shift.end).timeIntervalSince(max(session.start, shift.start)))
            }
        }
        return ScheduleComparison(
            scheduledShifts: scheduled.count, scheduledMinutes: scheduledSeconds / 60, workedInScheduleMinutes: overlapSeconds / 60,
            lateArrivals: deviations.filter { $0.kind == .lateArrival }.count,
            earlyLeaves: deviations.filter { $0.kind == .earlyLeave }.count,
            noShows: deviations.filter { $0.kind == .noShow }.count,
            deviations: deviations)
    }
}
