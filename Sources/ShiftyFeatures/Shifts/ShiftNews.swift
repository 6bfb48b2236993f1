import ShiftyAPI
import ShiftyDomain
import ShiftyEvents

/// What changed about shifts in one transaction, as far as their events need to know it
/// (``ShiftAnnouncer`` turns it into the events).
enum ShiftNews {
    /// A decided marketplace transition (trades, a manager's create, edit, assign, unassign or
    /// cancel, time off releasing shifts), written just before: the domain's events, with the
    /// shifts as they are now, then `team_schedule.changed` for every shift it created or changed.
    case transition(Transition)
    /// A transition of a publication: the domain's events only. The publication names every shift
    /// it changed in one `.teamScheduleChanged` at its end, instead of one per draft.
    case publishedTransition(Transition)
    /// Shifts of the workplace changed (a publication's): `team_schedule.changed` naming them.
    case teamScheduleChanged(TeamScheduleAnnouncement.Payload)
    /// Generation created shifts in the workplace: `schedule.generated` to their owners and
    /// `team_schedule.changed` to the workplace (a large run lists dates and owners, no ids).
    case generated(GenerationRun)
    /// Generation left out weeks the rulebook refuses, new to the list: `fixed_shift.week_skipped`
    /// to the workplace's active managers.
    case weeksSkipped([FixedShiftSkips.Week], managers: [Int64])
    /// A closing removed these shifts (as they were): `shift.closed_day` to their owners.
    case removedByClosedDay(ClosedDay, removed: [ShiftyAPI.MarketShift], actorID: Int64)
    /// Days were closed or opened again: `closed_days.changed` to the workplace.
    case closedDaysChanged([LocalDate])
    /// A fixed shift was created, edited or ended, so its future occurrences were generated again
    /// or removed: `schedule.changed` to its owner and `team_schedule.changed` naming the fixed shift.
    case fixedShiftChanged(id: Int64, owner: Int64)
    /// A manager set rules aside for a fixed shift: `shift.rule_overridden` to the managers.
    case fixedShiftRulesOverridden(FixedShiftOverridePayload)
    /// A manager's drafts changed (drafted, discarded, published): `schedule_plan.changed` to the
    /// managers, who alone see drafts.
    case planChanged(PlanChangedPayload)
    /// A manager published drafts: `schedule.published` to each member whose shifts changed, listing
    /// their own changes (one event and one notification per member and publication).
    case published([Int64: SchedulePublishedPayload])
    /// The workplace's time zone changed and moved its untouched generated shifts:
    /// `workplace.time_zone_changed` to the workplace.
    case timeZoneChanged(WorkplaceTimeZoneChange.Payload)
}

/// The `shift.rule_overridden` payload of a fixed shift: which rules a manager set aside and why.
struct FixedShiftOverridePayload: Encodable, Sendable {
    var shiftIds: [Int64] = []
    var shifts: [Int64] = []
    var fixedShiftId: Int64
    var ownerId: Int64
    var ownerName: String
    var overriddenRules: [String]
    var overrideReason: String
    var actorId: Int64
}

/// The `shift.closed_day` event's payload. The shifts are gone, so they are not under `shifts`
/// (which live clients read as the shifts' current state).
struct ClosedDayRemovalPayload: Encodable, Sendable {
    var date: String
    var name: String
    var removedShifts: [ShiftyAPI.MarketShift]
    var actorId: Int64
}
