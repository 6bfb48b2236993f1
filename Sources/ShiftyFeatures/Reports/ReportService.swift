import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// Builds monthly reports and chart data from the stored punches.
///
/// Everything for a report is read in one repeatable-read transaction (members with their
/// employment terms, punches, closed days, shifts, approved days: five queries however many members), then computed in memory by the
/// domain's ``TimeclockCalculator``.
public struct ReportService: Sendable {
    let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    /// The report of a workplace found by its slug: what `shifty report` prints.
    public func monthlyReport(workplaceSlug: String, month: ReportMonth, now: Date = Date(), includeDays: Bool = false) async throws -> MonthlyReport {
        try await pool.transaction(isolation: .repeatableRead) { connection in
            guard let context = try TimeclockSettingsStore.context(slug: workplaceSlug, on: connection) else { throw ReportRefusal.workplaceNotFound }
            return try Self.build(context: context, month: month, userID: nil, now: now, includeDays: includeDays, on: connection)
        }
    }

    /// A caller's view: managers see the workplace or one member; employees only themselves.
    package func monthlyReport(_ caller: AuthenticatedUser, month: ReportMonth, userID requested: Int64?, includeDays: Bool = false) async throws -> MonthlyReport {
        let userID = caller.isManager ? requested : caller.id
        return try await pool.transaction(isolation: .repeatableRead) { connection in
            guard let context = try TimeclockSettingsStore.context(workplaceID: caller.workplaceID, on: connection) else {
                throw StoreError.workplaceNotFound(workplaceID: caller.workplaceID)
            }
            return try Self.build(context: context, month: month, userID: userID, now: Date(), includeDays: includeDays, on: connection)
        }
    }

    package static func build(
        context: TimeclockSettingsStore.Context, month: ReportMonth, userID: Int64?, now: Date, includeDays: Bool = false,
        on connection: PostgresConnection
    ) throws -> MonthlyReport {
        let first = month.firstDate
        let last = month.lastDate
        let today = context.timeZone.localDate(of: now)
        let judgedThrough: LocalDate? = today < last ? today : nil
        let members = try TimeclockQueries.members(context: context, userID: userID, first: first, last: last, on: connection)
        if userID != nil, members.isEmpty { throw ReportRefusal.memberNotFound }
        let ids: [Int64]? = userID.map { [$0] }
        let window = TimeclockQueries.punchWindow(first: first, last: last, timeZone: context.timeZone)
        let punches = try PunchStore.punchesByMember(workplaceID: context.workplaceID, userIDs: ids, from: window.from, to: window.to, on: connection)
        let closed = try TimeclockQueries.closedDates(workplaceID: context.workplaceID, first: first, last: last, on: connection)
        let shifts = try TimeclockQueries.scheduledShifts(
            workplaceID: context.workplaceID, userIDs: ids, from: context.timeZone.startOfDay(first), to: context.timeZone.endOfDay(last), on: connection)
        let approved = try TimesheetStore.approvedDates(workplaceID: context.workplaceID, userIDs: ids, first: first, last: last, on: connection)
        let timeOff = try TimeclockQueries.timeOffDates(workplaceID: context.workplaceID, userIDs: ids, first: first, last: last, on: connection)
        let monthStart = context.timeZone.startOfDay(first)
        let monthEnd = context.timeZone.endOfDay(last)

        let premiums = try ScheduleLedgerStore.premiumDays(workplaceID: context.workplaceID, from: first, to: last, member: userID, on: connection)
        // Day boundaries computed once for all members (see LocalDayTable).
        let calculator = context.calculator.prepared(from: first.adding(days: -2), through: last.adding(days: 2))
        var employees: [EmployeeMonthReport] = []
        employees.reserveCapacity(members.count)
        for member in members {
            let id = member.id
            let payType = member.payType
            let memberPunches = punches[id] ?? []
            let scheduled = shifts[id] ?? []
            let report = calculator.monthReport(
                year: month.year, month: month.month, punches: memberPunches, closedDates: closed,
                scheduled: scheduled.map(\.interval), asOf: judgedThrough, terms: member.employment.terms,
                timeOffDates: timeOff[id] ?? [])
            let sessions = PairedPunches(memberPunches).sessions
            let isDiligence = payType == "diligence"
            employees.append(EmployeeMonthReport(
                userID: id, name: member.displayName, username: member.username, payType: payType,
                extraWageType: isDiligence ? "diligencePay" : "normalPay",
                monthlyOvertime: isDiligence ? 0 : (Double(report.overtimeMinutes) / 60 * 100).rounded() / 100,
                diligenceAbsences: isDiligence ? report.diligenceAbsences : 0,
                workedMinutes: report.workedMinutes, breakMinutes: report.breakMinutes, paidMinutes: report.paidMinutes,
                overtimeMinutes: report.overtimeMinutes, absences: report.absences,
                daysByStatus: report.statusCounts, oddPunchDates: report.oddPunchDates, complete: report.isComplete,
                punches: memberPunches.filter { $0.instant >= monthStart && $0.instant < monthEnd }.count,
                schedule: comparison(scheduled: scheduled.map(\.interval), sessions: sessions, deviations: report.deviations),
                employment: EmploymentView(member.employment),
                approvedDates: (approved[id] ?? []).sorted(),
                days: userID == nil && !includeDays ? nil : report.days, weeks: userID == nil && !includeDays ? nil : report.weeks,
                schedulePremiums: premiums[id] ?? []))
        }
        let totals = MonthlyReport.Totals(
            employees: employees.count,
            workedMinutes: employees.reduce(0) { $0 + $1.workedMinutes },
            breakMinutes: employees.reduce(0) { $0 + $1.breakMinutes },
            paidMinutes: employees.reduce(0) { $0 + $1.paidMinutes },
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

    package static func comparison(scheduled: [ShiftInterval], sessions: [WorkSession], deviations: [ScheduleDeviation]) -> ScheduleComparison {
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
