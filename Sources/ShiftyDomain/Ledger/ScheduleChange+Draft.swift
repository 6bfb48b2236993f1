extension ScheduleChange {
    /// The members' changes when `draft` publishes over `published` (`nil` for a new shift): the
    /// same sides ``WeekPublication/changes(of:published:)`` tells people about, with the shift's
    /// times before and after. A moved shift is one change for its member (a move to another date
    /// publishes as a removal and a new shift, but the member lost nothing: the same hours moved).
    /// `newID` is the stored id of the shift the draft publishes as, when it is a new one.
    public static func of(draft: DraftedShift, published: PublishedShift?, newID: ShiftID?, reason: LedgerReason = .published) -> [ScheduleChange] {
        let id = newID ?? draft.shiftID ?? draft.plannedID
        let after = ShiftInterval(shiftID: id, start: draft.start, end: draft.end, position: draft.position)
        guard let published else {
            return [ScheduleChange(member: draft.owner, shiftID: id, date: draft.date, before: nil, after: after, reason: reason)]
        }
        let before = published.shift.interval
        let lost = ScheduleChange(member: published.shift.owner, shiftID: published.shift.id, date: published.date, before: before, after: nil, reason: reason)
        if draft.removed { return [lost] }
        if draft.owner != published.shift.owner {
            return [lost, ScheduleChange(member: draft.owner, shiftID: id, date: draft.date, before: nil, after: after, reason: reason)]
        }
        if draft.released, !published.shift.isUnassigned { return [lost] }
        return [ScheduleChange(member: draft.owner, shiftID: id, date: draft.date, before: before, after: after, reason: reason)]
    }
}
