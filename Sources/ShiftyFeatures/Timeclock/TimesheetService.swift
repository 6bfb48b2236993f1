import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// Timesheet review, approval (which locks a period against punch edits), unlocking with a
/// reason, employment terms, and "My hours". The rules of approving and unlocking are
/// `TimesheetDecider`'s; this loads what they need and hands their answer to `TimesheetWriter`.
package struct TimesheetService: Sendable {
    let pool: PostgresPool

    package init(pool: PostgresPool) {
        self.pool = pool
    }

    /// The review of `[first, last]` (managers): one member or everyone.
    package func review(_ caller: AuthenticatedUser, first: LocalDate, last: LocalDate, userID: Int64?, threshold: Int?) async throws -> TimesheetReview {
        try TimesheetDecider.check(period: first, last, by: caller.workplaceActor)
        return try await pool.transaction(isolation: .repeatableRead) { connection in
            guard let context = try TimeclockSettingsStore.context(workplaceID: caller.workplaceID, on: connection) else {
                throw StoreError.workplaceNotFound(workplaceID: caller.workplaceID)
            }
            let minutes = try TimesheetDecider.check(threshold: threshold ?? context.rules.scheduleToleranceMinutes)
            let members = try TimeclockQueries.members(context: context, userID: userID, first: first, last: last, on: connection)
            _ = try TimesheetDecider.members(members.map { UserID(rawValue: $0.id) }, asked: userID.map(UserID.init(rawValue:)))
            let sheets = try Self.timesheets(context: context, members: members, first: first, last: last, threshold: minutes, now: Date(), on: connection)
            return TimesheetReview(
                from: first.description, to: last.description, thresholdMinutes: minutes,
                members: sheets.sorted { $0.attentionDays != $1.attentionDays ? $0.attentionDays > $1.attentionDays : false })
        }
    }

    package static func timesheets(
        context: TimeclockSettingsStore.Context, members: [TimeclockQueries.MemberRow], first: LocalDate, last: LocalDate,
        threshold: Int, now: Date, on connection: PostgresConnection
    ) throws -> [MemberTimesheet] {
        let ids = members.map(\.id)
        let window = TimeclockQueries.punchWindow(first: first, last: last, timeZone: context.timeZone)
        let punches = try PunchStore.punchesByMember(workplaceID: context.workplaceID, userIDs: ids, from: window.from, to: window.to, on: connection)
        let closed = try TimeclockQueries.closedDates(workplaceID: context.workplaceID, first: first, last: last, on: connection)
        let shifts = try TimeclockQueries.scheduledShifts(
            workplaceID: context.workplaceID, userIDs: ids, from: context.timeZone.startOfDay(first), to: context.timeZone.endOfDay(last), on: connection)
        let approved = try TimesheetStore.approvedDates(workplaceID: context.workplaceID, userIDs: ids, first: first, last: last, on: connection)
        let timeOff = try TimeclockQueries.timeOffDates(workplaceID: context.workplaceID, userIDs: ids, first: first, last: last, on: connection)
        let calculator = context.calculator.prepared(from: first.adding(days: -2), through: last.adding(days: 2))
        let today = context.timeZone.localDate(of: now)
        let periodDays = first.days(until: last) + 1
        return members.map { member in
            let days = calculator.timesheet(
                from: first, through: last, punches: punches[member.id] ?? [], closedDates: closed,
                scheduled: (shifts[member.id] ?? []).map(\.interval), asOf: today, terms: member.employment.terms, thresholdMinutes: threshold,
                timeOffDates: timeOff[member.id] ?? [])
            let counted = days.map(\.day).filter(\.countsTowardTotals)
            let dates = (approved[member.id] ?? []).sorted()
            return MemberTimesheet(
                userID: member.id, name: member.displayName, username: member.username,
                attentionDays: days.filter(\.needsAttention).count, approved: dates.count == periodDays, approvedDates: dates.map(\.description),
                workedMinutes: counted.reduce(0) { $0 + $1.workedMinutes }, breakMinutes: counted.reduce(0) { $0 + $1.breakMinutes },
                paidMinutes: counted.reduce(0) { $0 + $1.paidMinutes }, scheduledMinutes: days.reduce(0) { $0 + $1.day.scheduledMinutes },
                days: (days.filter(\.needsAttention) + days.filter { !$0.needsAttention }).map(MyHours.Entry.init))
        }
    }

    /// Approves (and so locks) a finished period for one member or for everyone in it.
    package func approve(_ caller: AuthenticatedUser, _ input: ApproveTimesheetRequest) async throws -> [ApprovalView] {
        let actor = caller.workplaceActor
        try TimesheetDecider.check(period: input.from, input.to, by: actor)
        return try await pool.transaction { connection in
            guard let context = try TimeclockSettingsStore.context(workplaceID: caller.workplaceID, on: connection) else {
                throw StoreError.workplaceNotFound(workplaceID: caller.workplaceID)
            }
            let members = try TimeclockQueries.members(context: context, userID: input.userID, first: input.from, last: input.to, on: connection).map(\.id)
            let locks = try TimesheetStore.lockedApprovals(
                workplaceID: caller.workplaceID, userIDs: members, first: input.from, last: input.to, on: connection)
            let transition = try TimesheetDecider.approve(
                input.from, input.to, members: members.map(UserID.init(rawValue:)), asked: input.userID.map(UserID.init(rawValue:)),
                locks: locks, today: context.timeZone.localDate(of: Date()), by: actor)
            return try TimesheetWriter.write(transition, workplaceID: caller.workplaceID, on: connection)
        }
    }

    /// Unlocks an approval, with the manager's reason: its days' punches may change again.
    package func unlock(_ caller: AuthenticatedUser, id: Int64, reason rawReason: String) async throws -> ApprovalView {
        let actor = caller.workplaceActor
        let reason = try TimesheetDecider.check(unlockReason: rawReason, by: actor)
        return try await pool.transaction { connection in
            let current = try TimesheetStore.lock(TimesheetApprovalID(rawValue: id), workplaceID: caller.workplaceID, on: connection)
            let transition = try TimesheetDecider.unlock(current, reason: reason, by: actor)
            return try TimesheetWriter.write(transition, workplaceID: caller.workplaceID, on: connection)[0]
        }
    }

    /// Approvals (the lock/unlock audit trail); employees see their own.
    package func approvals(_ caller: AuthenticatedUser, userID: Int64?, first: LocalDate?, last: LocalDate?) async throws -> [ApprovalView] {
        let scoped = caller.isManager ? userID : caller.id
        return try await pool.withConnection {
            try TimesheetStore.list(workplaceID: caller.workplaceID, userID: scoped, first: first, last: last, on: $0)
        }
    }

    // MARK: Employment

    package func employment(_ caller: AuthenticatedUser, userID: Int64) async throws -> ShiftyAPI.EmploymentView {
        _ = try EmploymentRules.member(UserID(rawValue: userID), by: caller.workplaceActor)
        return try await pool.withConnection { connection in
            guard let view = try EmploymentStore.employment(userID: userID, workplaceID: caller.workplaceID, on: connection) else {
                throw EmploymentRefusal.memberNotFound
            }
            return ShiftyAPI.EmploymentView(view)
        }
    }

    package func updateEmployment(_ caller: AuthenticatedUser, userID: Int64, _ input: UpdateEmploymentRequest) async throws -> ShiftyAPI.EmploymentView {
        try caller.requireManager()
        return try await pool.transaction { connection in
            guard try PunchStore.lockMember(id: userID, workplaceID: caller.workplaceID, on: connection) != nil,
                  var view = try EmploymentStore.employment(userID: userID, workplaceID: caller.workplaceID, on: connection)
            else { throw EmploymentRefusal.memberNotFound }
            if let start = input.start { view.start = start }
            if let end = input.end { view.end = end }
            if let contract = input.contractMinutesPerWeek { view.contractMinutesPerWeek = contract }
            if let fixed = input.worksFixedQuota { view.worksFixedQuota = fixed }
            try EmploymentRules.check(start: view.start, end: view.end, contractMinutesPerWeek: view.contractMinutesPerWeek)
            try EmploymentStore.update(view, workplaceID: caller.workplaceID, on: connection)
            return ShiftyAPI.EmploymentView(view)
        }
    }

    // MARK: My hours

    /// A member's month: their own for employees; managers may ask for anyone's.
    package func myHours(_ caller: AuthenticatedUser, month: ReportMonth?, userID requested: Int64?) async throws -> ShiftyAPI.MyHours {
        let userID = try EmploymentRules.member(requested.map(UserID.init(rawValue:)), by: caller.workplaceActor).rawValue
        return try await pool.transaction(isolation: .repeatableRead) { connection in
            guard let context = try TimeclockSettingsStore.context(workplaceID: caller.workplaceID, on: connection),
                  let employment = try EmploymentStore.employment(userID: userID, workplaceID: caller.workplaceID, on: connection)
            else { throw EmploymentRefusal.memberNotFound }
            let now = Date()
            let today = context.timeZone.localDate(of: now)
            let month = month ?? ReportMonth(containing: today)
            let first = month.firstDate
            let last = month.lastDate
            let monday = ISOWeek(containing: today).monday
            // One load covering the month and this week (which may start in the previous month).
            let loadFirst = min(first, monday)
            let loadLast = max(last, today)
            let window = TimeclockQueries.punchWindow(first: loadFirst, last: loadLast, timeZone: context.timeZone)
            let punches = try PunchStore.punchesByMember(workplaceID: context.workplaceID, userIDs: [userID], from: window.from, to: window.to, on: connection)[userID] ?? []
            let closed = try TimeclockQueries.closedDates(workplaceID: context.workplaceID, first: loadFirst, last: loadLast, on: connection)
            let shifts = (try TimeclockQueries.scheduledShifts(
                workplaceID: context.workplaceID, userIDs: [userID], from: context.timeZone.startOfDay(loadFirst),
                to: context.timeZone.endOfDay(loadLast), on: connection)[userID] ?? []).map(\.interval)
            let calculator = context.calculator
            let terms = employment.terms
            let timeOff = try TimeclockQueries.timeOffDates(
                workplaceID: context.workplaceID, userIDs: [userID], first: loadFirst, last: loadLast, on: connection)[userID] ?? []
            let report = calculator.monthReport(
                year: month.year, month: month.month, punches: punches, closedDates: closed, scheduled: shifts, asOf: today, terms: terms,
                timeOffDates: timeOff)
            let days = calculator.timesheet(
                from: first, through: last, punches: punches, closedDates: closed, scheduled: shifts, asOf: today, terms: terms,
                thresholdMinutes: context.rules.scheduleToleranceMinutes, timeOffDates: timeOff)
            let week = calculator.dayReports(
                from: monday, through: today, punches: punches, closedDates: closed, scheduled: shifts, asOf: today, terms: terms,
                timeOffDates: timeOff)
            let weekSum = week.compactMap(\.overtimeMinutes).reduce(0, +)
            let approvals = try TimesheetStore.list(workplaceID: caller.workplaceID, userID: userID, first: first, last: last, on: connection)
            return ShiftyAPI.MyHours(
                userID: userID, month: month.description, timeZone: context.timeZone.identifier,
                judgedThrough: today < last ? today.description : nil, days: days.map(ShiftyAPI.MyHours.Entry.init),
                workedMinutes: report.workedMinutes, breakMinutes: report.breakMinutes, paidMinutes: report.paidMinutes,
                scheduledMinutes: report.scheduledMinutes,
                weekOvertimeMinutes: max(weekSum, context.rules.weeklyOvertimeFloorMinutes),
                monthOvertimeMinutes: report.overtimeMinutes, absences: report.absences,
                employment: ShiftyAPI.EmploymentView(employment), approvals: approvals)
        }
    }
}
