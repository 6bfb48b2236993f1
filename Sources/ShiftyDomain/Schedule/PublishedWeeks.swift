import Foundation

/// Which weeks of the published schedule a change touches, and whether a marketplace action is a
/// publication at all: the decisions behind "Final since Fri 12 Jun, 14:02", without I/O.
///
/// `shifts` is the published schedule (docs/week-planning.md). A manager's immediate change
/// (create, edit, assign, unassign, delete; copy-week is one create per copied shift) publishes
/// the weeks it touches at once, and so does generation from fixed shifts. Trades between
/// employees (supply, pick up, suggest, swap, their approval, rejection or expiry) are not
/// publications: they act on the published schedule within the rules the manager set, so a
/// pick-up never moves a week's "final since".
public enum PublishedWeeks {
    /// The Mondays of the ISO weeks `dates` fall in, ascending, each once. Dates are workplace-local
    /// (a shift's `local_date`), so the week is the workplace's week whatever the caller's zone.
    public static func mondays(of dates: some Sequence<LocalDate>) -> [LocalDate] {
        Set(dates.map { ISOWeek(containing: $0).monday }).sorted()
    }

    /// The Mondays of every ISO week the days `from` through `to` touch, ascending.
    public static func mondays(from: LocalDate, to: LocalDate) -> [LocalDate] {
        guard from <= to else { return [] }
        let last = ISOWeek(containing: to).monday
        return Array(sequence(first: ISOWeek(containing: from).monday) { $0.adding(days: 7) }.prefix { $0 <= last })
    }

    /// Whether an accepted action changes the published schedule on a manager's word: the
    /// immediate routes' actions. A manager's unassignment when approving time off is one too (the
    /// shift leaves its owner's week). Everything else is a trade or its decision, or a deal's own
    /// bookkeeping, and acts on what was published.
    public static func isPublication(_ action: MarketplaceAction) -> Bool {
        switch action {
        case .createShift, .editShift, .assign, .unassign, .cancelShift:
            true
        case .supply, .revoke, .pickUp, .postRequests, .withdrawRequest, .suggest, .withdrawSuggestion, .acceptSuggestion,
             .proposeSwap, .acceptSwap, .declineSwap, .approve, .reject, .cancel, .expire:
            false
        }
    }

    /// The workplace-local dates an accepted transition changes: new shifts' dates, and the start
    /// dates (in the workplace's zone, before and after) of every shift whose owner, status or
    /// times change. `shifts` are the rows the decision read (`MarketplaceContext.shifts`).
    public static func changedDates(
        of transition: Transition, shifts: [ShiftID: OwnedShift], in zone: WorkplaceTimeZone
    ) -> Set<LocalDate> {
        var dates = Set(transition.newShifts.map(\.date))
        for change in transition.timeChanges {
            dates.insert(zone.localDate(of: change.from.start))
            dates.insert(zone.localDate(of: change.to.start))
        }
        for change in transition.shiftChanges {
            if let shift = shifts[change.shiftID] { dates.insert(zone.localDate(of: shift.start)) }
        }
        return dates
    }

    /// The publication of a change that touched `dates`, or `nil` when it touched none.
    public static func publication(
        of dates: Set<LocalDate>, by publisher: UserID?, at instant: Date, changes: Int
    ) -> SchedulePublication? {
        guard let first = dates.min(), let last = dates.max() else { return nil }
        return SchedulePublication(
            firstDate: first, lastDate: last, mondays: mondays(of: dates), publishedBy: publisher, publishedAt: instant,
            changes: changes)
    }

    /// The publication an accepted marketplace action makes, or `nil` when it is not one
    /// (``isPublication(_:)``): published by `actor` at the decision's `now`, counting the shifts
    /// it created or changed.
    public static func publication(
        of action: MarketplaceAction, transition: Transition, actor: UserID, context: MarketplaceContext
    ) -> SchedulePublication? {
        guard isPublication(action) else { return nil }
        return publication(
            of: changedDates(of: transition, shifts: context.shifts, in: context.timeZone), by: actor, at: context.now,
            changes: transition.changedShiftIDs.count)
    }
}
