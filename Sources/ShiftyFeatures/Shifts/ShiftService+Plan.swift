import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

extension ShiftService {
    /// A manager's plan of local dates `[from, to]`: the published shifts (as the team schedule
    /// lists them) and their totals per person, day and week (``LabourEstimate``). Managers only:
    /// the route sits in the managers' group, and this checks again so no other caller can reach
    /// the contract hours and limits it shows.
    package func plan(_ caller: AuthenticatedUser, from: LocalDate, to: LocalDate) async throws -> ShiftyAPI.SchedulePlanView {
        guard caller.isManager else { throw ShiftRefusal.managerOnly }
        try ShiftRules.checkPlanningRange(from: from, to: to)
        let workplaceID = caller.workplaceID
        return try await pool.withConnection { connection in
            let (zone, settings, _) = try MarketplaceStore.workplaceWithPositions(workplaceID, on: connection)
            let shifts = try ShiftStore.teamSchedule(workplaceID: workplaceID, from: from, until: to.adding(days: 1), on: connection)
            let members = try PlanStore.members(workplaceID: workplaceID, owners: Set(shifts.map(\.ownerId)), on: connection)
            let weeks = LabourEstimate.weeks(
                from: from, to: to,
                shifts: shifts.map { LabourShift(
                    interval: ShiftInterval(shiftID: ShiftID(rawValue: $0.id), start: $0.startsAt, end: $0.endsAt, position: $0.position),
                    owner: UserID(rawValue: $0.ownerId), open: $0.unassigned) },
                people: members.map(\.id), terms: Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0.terms) }),
                limits: settings.marketplace.hourLimits,
                memberLimits: Dictionary(uniqueKeysWithValues: members.compactMap { member in member.limits.map { (member.id, $0) } }),
                zone: zone)
            let coverage = try Self.coverage(workplaceID: workplaceID, from: from, to: to, zone: zone, on: connection)
            let names = Dictionary(members.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
                .merging(shifts.map { (UserID(rawValue: $0.ownerId), $0.ownerName) }, uniquingKeysWith: { first, _ in first })
            return SchedulePlanView(
                from: from.description, to: to.description, shifts: shifts,
                totals: PlanTotalsView(weeks: weeks.map { WeekTotalsView($0, names: names) }),
                coverage: coverage.map { CoverageSegmentView($0, zone: zone) })
        }
    }

    /// The staffing needs against the shifts of `[from, to]`. Shifts of the day before may reach
    /// into an early need, and an overnight need into the day after, so those days' shifts count.
    static func coverage(workplaceID: Int64, from: LocalDate, to: LocalDate, zone: WorkplaceTimeZone, on connection: PostgresConnection) throws -> [CoverageSegment] {
        let needs = try CoverageNeedStore.needs(workplaceID: workplaceID, on: connection)
        guard !needs.isEmpty else { return [] }
        let shifts = try ShiftStore.teamSchedule(workplaceID: workplaceID, from: from.adding(days: -1), until: to.adding(days: 2), on: connection)
        let dates = (0...from.days(until: to)).map { from.adding(days: $0) }
        return Coverage.compute(
            needs: needs,
            shifts: shifts.map { shift in
                // A released shift nobody has picked up yet is planned, not staffed.
                StaffingShift(start: shift.startsAt, end: shift.endsAt, position: shift.position, owner: shift.unassigned ? nil : UserID(rawValue: shift.ownerId))
            },
            dates: dates, zone: zone)
    }
}

extension CoverageSegmentView {
    init(_ segment: CoverageSegment, zone: WorkplaceTimeZone) {
        self.init(
            date: segment.date.description, position: segment.position,
            startTime: zone.localDateTime(of: segment.start).time.description, endTime: zone.localDateTime(of: segment.end).time.description,
            startsAt: segment.start, endsAt: segment.end, needed: segment.needed, staffed: segment.staffed)
    }
}

/// What the plan's totals read about the members: every active member (the grid's rows) and
/// anyone else holding a shift in the range, with their employment terms and own hour limits.
enum PlanStore {
    struct Member {
        var id: UserID
        var name: String
        var terms: EmploymentTerms
        var limits: MemberHourLimits?
    }

    /// Active members and the `owners` (a deactivated member's old shifts), ordered by name.
    static func members(workplaceID: Int64, owners: Set<Int64>, on connection: PostgresConnection) throws -> [Member] {
        try connection.query(
            """
            SELECT u.display_name, \(sql: EmploymentStore.columns), h.user_id IS NOT NULL AS has_limits,
                   h.max_weekly_hours, h.min_rest_hours, h.max_consecutive_days, h.max_shift_hours
            FROM users u LEFT JOIN member_hour_limits h ON h.user_id = u.id
            WHERE u.workplace_id = \(workplaceID) AND (u.active OR u.id = ANY(\(owners.sorted())))
            ORDER BY u.display_name, u.id
            """).map { row in
            let employment = try EmploymentStore.view(from: row)
            return Member(
                id: UserID(rawValue: employment.userID), name: try row.decode("display_name"), terms: employment.terms,
                limits: try row.decode("has_limits", as: Bool.self) ? try MarketplaceStore.memberHourLimits(from: row) : nil)
        }
    }
}

extension WeekTotalsView {
    /// The domain's week totals on the wire, each person with their display name.
    init(_ week: WeekTotals, names: [UserID: String]) {
        self.init(
            monday: week.monday.description, from: (week.dates.first ?? week.monday).description,
            to: (week.dates.last ?? week.monday).description, minutes: week.minutes, headcount: week.headcount,
            openShifts: week.openShifts,
            people: week.people.map { person in
                Person(
                    userId: person.member.rawValue, name: names[person.member] ?? "", minutes: person.minutes, shifts: person.shifts,
                    contractMinutes: person.contractMinutes, weeklyLimitMinutes: person.weeklyLimitMinutes,
                    overContract: person.overContract, overLimit: person.overLimit)
            },
            days: week.days.map { Day(date: $0.date.description, headcount: $0.headcount, minutes: $0.minutes, openShifts: $0.openShifts) })
    }
}
