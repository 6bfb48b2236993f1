import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

extension ShiftService {
    /// A manager's plan of local dates `[from, to]`: the published shifts (as the team schedule
    /// lists them), their totals per person, day and week (``LabourEstimate``) and the staffing
    /// needs against them (``Coverage``). Managers only:
    /// the route sits in the managers' group, and this checks again so no other caller can reach
    /// the contract hours and limits it shows.
    package func plan(_ caller: AuthenticatedUser, from: LocalDate, to: LocalDate) async throws -> ShiftyAPI.SchedulePlanView {
        guard caller.isManager else { throw ShiftRefusal.managerOnly }
        try ShiftRules.checkPlanningRange(from: from, to: to)
        let workplaceID = caller.workplaceID
        return try await pool.withConnection { connection in
            let (zone, settings, _) = try MarketplaceStore.workplaceWithPositions(workplaceID, on: connection)
            let planned = try PlannedShifts.load(workplaceID: workplaceID, from: from, to: to, zone: zone, on: connection)
            let counted = planned.counted
            let (firstDate, lastDate) = (from.description, to.description)
            let inRange: (ShiftyAPI.MarketShift) -> Bool = { firstDate <= $0.date && $0.date <= lastDate }
            let shifts = planned.shifts.filter(inRange)
            let members = try PlanStore.members(workplaceID: workplaceID, owners: Set(shifts.map(\.ownerId)), on: connection)
            let budget = try WageStore.budget(workplaceID: workplaceID, on: connection)
            let wages = try WageStore.wages(workplaceID: workplaceID, on: connection)
            let weeks = LabourEstimate.weeks(
                from: from, to: to, shifts: counted.filter(inRange).map(LabourShift.init(_:)),
                people: members.map(\.id), terms: Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0.terms) }),
                limits: settings.marketplace.hourLimits,
                memberLimits: Dictionary(uniqueKeysWithValues: members.compactMap { member in member.limits.map { (member.id, $0) } }),
                wages: wages, weeklyBudgetCents: budget.weeklyCents, zone: zone)
            let needs = try CoverageNeedStore.needs(workplaceID: workplaceID, on: connection)
            let coverage = Coverage.compute(
                needs: needs, shifts: counted.map(LabourShift.init(_:)), dates: (0...from.days(until: to)).map { from.adding(days: $0) }, zone: zone)
            let totalsNames = Dictionary(members.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
                .merging(shifts.map { (UserID(rawValue: $0.ownerId), $0.ownerName) }, uniquingKeysWith: { first, _ in first })
            let (revision, unpublished) = try PlanDraftStore.revision(workplaceID: workplaceID, on: connection)
            return SchedulePlanView(
                from: from.description, to: to.description, shifts: shifts,
                totals: PlanTotalsView(weeks: weeks.map { WeekTotalsView($0, names: totalsNames) }),
                coverage: coverage.map { CoverageSegmentView($0, zone: zone) },
                revision: revision, unpublishedChanges: unpublished,
                drafts: planned.drafts.filter { from <= $0.date && $0.date <= to }.map(\.view), currency: budget.currency)
        }
    }
}

/// The plan's shifts: the published ones with the drafts applied, in the team schedule's shape.
/// A shift new in a draft has the negative id of its draft (``DraftedShift/plannedID``).
struct PlannedShifts {
    /// The plan of local dates `from` through `to`, and of the day before and after: an early
    /// shift may reach into a staffing need of the first day, an overnight need into the day after
    /// the last (only coverage reads those). With the range's drafts and those that moved one of
    /// its shifts elsewhere; a shift moved in from another week is read on its own.
    static func load(workplaceID: Int64, from: LocalDate, to: LocalDate, zone: WorkplaceTimeZone, on connection: PostgresConnection) throws -> PlannedShifts {
        let (dayBefore, dayAfter) = (from.adding(days: -1), to.adding(days: 1))
        let published = try ShiftStore.teamSchedule(workplaceID: workplaceID, from: dayBefore, until: to.adding(days: 2), on: connection)
        let drafts = try PlanDraftStore.drafts(workplaceID: workplaceID, from: dayBefore, to: dayAfter, orOf: published.map(\.id), on: connection)
        let known = Set(published.map(\.id))
        let elsewhere = try ShiftStore.shifts(
            ids: drafts.compactMap { $0.shiftID?.rawValue }.filter { !known.contains($0) }, workplaceID: workplaceID, on: connection)
        let names = try MemberNames.lookUp(Set(drafts.map(\.owner.rawValue)), workplaceID: workplaceID, on: connection)
        return PlannedShifts(published: published, elsewhere: elsewhere, drafts: drafts, names: names, zone: zone)
    }

    /// The shifts that count: a shift removed in a draft is listed (marked) but counts for nobody.
    var counted: [ShiftyAPI.MarketShift] { shifts.filter { !removed.contains($0.id) } }

    struct Draft {
        var date: LocalDate
        var view: PlanDraftView
    }

    var shifts: [ShiftyAPI.MarketShift]
    var drafts: [Draft]
    /// The shifts a draft removes (listed, counted for nobody).
    var removed: Set<Int64>

    /// `elsewhere`: published shifts outside the range read whose drafts move them into it.
    init(
        published: [ShiftyAPI.MarketShift], elsewhere: [Int64: ShiftyAPI.MarketShift] = [:], drafts: [DraftedShift], names: [Int64: String],
        zone: WorkplaceTimeZone
    ) {
        var byID = Dictionary(published.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var views: [Draft] = []
        var removed: Set<Int64> = []
        for draft in drafts {
            let before = draft.shiftID.flatMap { byID[$0.rawValue] ?? elsewhere[$0.rawValue] }
            // Its shift was cancelled since (the draft is stale: the publication keeps it).
            if draft.shiftID != nil, before == nil || before?.status == .cancelled { continue }
            var shift = before ?? ShiftyAPI.MarketShift(
                id: draft.plannedID.rawValue, ownerId: draft.owner.rawValue, ownerName: "", date: draft.date.description, startTime: "",
                endTime: "", startsAt: draft.start, endsAt: draft.end, status: .scheduled)
            shift.ownerId = draft.owner.rawValue
            shift.ownerName = names[draft.owner.rawValue] ?? shift.ownerName
            shift.date = draft.date.description
            shift.startTime = zone.localDateTime(of: draft.start).time.description
            shift.endTime = zone.localDateTime(of: draft.end).time.description
            shift.startsAt = draft.start
            shift.endsAt = draft.end
            shift.position = draft.position
            shift.unassigned = draft.released
            if draft.released, shift.status == .scheduled { shift.status = .supplied }
            if !draft.released, before?.unassigned == true { shift.status = .scheduled }
            byID[shift.id] = shift
            if draft.removed { removed.insert(shift.id) }
            let state: PlanDraftView.State = if draft.shiftID == nil { .new } else if draft.removed { .removed }
                else if let before, draft.released, !before.unassigned, before.ownerId == shift.ownerId, before.startsAt == shift.startsAt,
                    before.endsAt == shift.endsAt, before.position == shift.position { .released } else { .changed }
            views.append(Draft(
                date: draft.date,
                view: PlanDraftView(
                    draftId: draft.id.rawValue, shiftId: shift.id, state: state, before: before, overrideReason: draft.overrideReason)))
        }
        self.shifts = byID.values.sorted { ($0.startsAt, $0.id) < ($1.startsAt, $1.id) }
        self.drafts = views
        self.removed = removed
    }
}

extension LabourShift {
    /// A listed shift as the plan counts it; a released one (`unassigned`) is open.
    init(_ shift: ShiftyAPI.MarketShift) {
        self.init(
            interval: ShiftInterval(shiftID: ShiftID(rawValue: shift.id), start: shift.startsAt, end: shift.endsAt, position: shift.position),
            owner: UserID(rawValue: shift.ownerId), open: shift.unassigned)
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
                    overContract: person.overContract, overLimit: person.overLimit, costCents: person.costCents,
                    uncostedShifts: person.uncostedShifts)
            },
            days: week.days.map {
                Day(
                    date: $0.date.description, headcount: $0.headcount, minutes: $0.minutes, openShifts: $0.openShifts, costCents: $0.costCents,
                    uncostedShifts: $0.uncostedShifts)
            },
            costCents: week.costCents, uncostedShifts: week.uncostedShifts, budgetCents: week.budgetCents, overBudget: week.overBudget)
    }
}
