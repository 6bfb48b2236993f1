/// The schedule as a manager plans it: the published shifts with every draft applied. Only the
/// plan reads it; employees, the marketplace and the calendar read the published shifts.
public enum PlanOverlay {
    /// `published` commitments per member with `drafts` applied: a drafted shift leaves every
    /// member's list and comes back, as planned, in its planned owner's (a removed one does not;
    /// a released one stays its owner's, who covers it until someone picks it up).
    public static func commitments(_ published: [UserID: [ShiftInterval]], drafts: [DraftedShift]) -> [UserID: [ShiftInterval]] {
        let drafted = Set(drafts.compactMap(\.shiftID))
        var planned = published.mapValues { $0.filter { !drafted.contains($0.shiftID) } }
        for draft in drafts where !draft.removed {
            planned[draft.owner, default: []].append(draft.interval)
        }
        return planned.mapValues { $0.sorted { ($0.start, $0.shiftID) < ($1.start, $1.shiftID) } }
    }

    /// `context` with its commitments as planned: the rulebook then judges a draft against the
    /// other drafts, and a publication against the schedule as it will be once published.
    public static func applying(_ drafts: [DraftedShift], to context: MarketplaceContext) -> MarketplaceContext {
        var planned = context
        planned.commitments = commitments(context.commitments, drafts: drafts)
        return planned
    }
}
