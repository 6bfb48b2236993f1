import Foundation

/// What a change of the plan does to the draft of its shift (``DraftDecider``).
public enum DraftOutcome: Sendable, Hashable {
    /// Store this draft (insert it when it is new, replace the shift's draft otherwise), once
    /// `check` passes: the marketplace action the draft's shift is judged as.
    case save(DraftedShift, check: MarketplaceAction)
    /// The draft goes: a new shift removed, a revert, or a change back to the published shift.
    case delete(DraftID)
    /// Nothing to store: the change leaves the published shift as it is.
    case unchanged
}

/// Decides a manager's change of the plan: which draft it leaves and what the draft's shift must
/// pass. A draft is checked like any change of the schedule: its shift as planned is judged as
/// `createShift` for its planned owner (the same placement checks `assign` and `editShift` make),
/// against the owner's commitments with every other draft applied (``PlanOverlay``), so two
/// drafts that overlap for one person refuse as two published shifts would. A removal is judged
/// as `cancelShift` and a release as `unassign` on the published shift, so a shift a deal holds
/// cannot be drafted away from under the deal.
public enum DraftDecider {
    /// The draft `change` leaves for a shift: `published` (nil for a new shift's draft) and its
    /// current `draft` (nil when it has none). `newDraftID` names a draft not stored yet.
    public static func decide(
        _ change: PlanChange, published: PublishedShift?, draft: DraftedShift?, newDraftID: DraftID, override: RuleOverride?, now: Date
    ) throws -> DraftOutcome {
        try Marketplace.requireOverrideReason(override)
        if case .create(let new) = change {
            let drafted = DraftedShift(
                id: newDraftID, shiftID: nil, baseSequence: nil, owner: new.owner, date: new.date, start: new.start, end: new.end,
                position: new.position, overrideReason: override?.reason)
            return .save(drafted, check: createCheck(drafted, override: override))
        }
        guard var planned = draft ?? published.map({ fresh($0, id: newDraftID) }) else { throw PlanRefusal.draftNotFound }
        if let published, change != .revert {
            try requirePlannable(published.shift, now: now)
        }
        if planned.removed, change != .revert { throw PlanRefusal.removedInDraft }
        switch change {
        case .create:
            preconditionFailure("handled above")
        case .revert:
            return draft.map { .delete($0.id) } ?? .unchanged
        case .remove:
            guard planned.shiftID != nil else { return .delete(planned.id) }
            planned.removed = true
        case .release:
            planned.released = true
        case .assign(let member):
            planned.owner = member
            planned.released = false
        case .edit(let start, let end, let position):
            (planned.start, planned.end, planned.position) = (start, end, position)
        case .move(let date, let start, let end, let owner):
            (planned.date, planned.start, planned.end) = (date, start, end)
            if let owner, owner != planned.owner {
                planned.owner = owner
                planned.released = false
            }
        }
        if let override { planned.overrideReason = override.reason }
        // A change made while looking at the shift as it is now confirms the draft against it: a
        // draft kept as stale (a trade changed the shift) publishes again once the manager changes it.
        if let published { planned.baseSequence = published.sequence }
        if let published, planned.matches(published) {
            return draft.map { .delete($0.id) } ?? .unchanged
        }
        return .save(planned, check: check(planned, published: published, override: override))
    }

    /// The draft a published shift starts from: the shift as it is.
    public static func fresh(_ published: PublishedShift, id: DraftID) -> DraftedShift {
        let shift = published.shift
        return DraftedShift(
            id: id, shiftID: shift.id, baseSequence: published.sequence, owner: shift.owner, date: published.date, start: shift.start,
            end: shift.end, position: shift.position, released: shift.isUnassigned)
    }

    /// What the drafted shift must pass: a removal as `cancelShift`, a release of an otherwise
    /// unchanged shift as `unassign`, anything else as its planned owner taking it on.
    static func check(_ drafted: DraftedShift, published: PublishedShift?, override: RuleOverride?) -> MarketplaceAction {
        if let id = drafted.shiftID, let published {
            if drafted.removed { return .cancelShift(id, note: nil) }
            let shift = published.shift
            if drafted.released, drafted.owner == shift.owner, drafted.start == shift.start, drafted.end == shift.end,
                drafted.position == shift.position
            {
                return .unassign(id, note: nil)
            }
        }
        return createCheck(drafted, override: override ?? drafted.overrideReason.map(RuleOverride.init(reason:)))
    }

    static func createCheck(_ drafted: DraftedShift, override: RuleOverride?) -> MarketplaceAction {
        .createShift(
            NewShift(id: drafted.plannedID, owner: drafted.owner, date: drafted.date, start: drafted.start, end: drafted.end, position: drafted.position),
            override: override)
    }

    /// A published shift a manager may plan a change of: still on the schedule, not held by a
    /// pending deal (the deal's people are waiting on it as it is), not started.
    static func requirePlannable(_ shift: OwnedShift, now: Date) throws(MarketplaceRefusal) {
        guard !shift.status.isTerminal else { throw MarketplaceRefusal(.shiftCancelled, .init(shift: shift.id)) }
        try Marketplace.requireTradable(shift)
        guard shift.start > now else { throw MarketplaceRefusal(.shiftInPast, .init(shift: shift.id)) }
    }
}
