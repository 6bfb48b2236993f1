import Foundation

/// How a publication turns drafts into the schedule: each draft becomes the marketplace actions
/// the immediate routes would run (``steps(drafts:published:newShiftID:)``), decided one by one
/// by `Marketplace.apply` against the schedule as it will be once published (``PlanOverlay``)
/// and written by the one writer of shifts; and what each person is told (``changes(of:published:)``).
public enum WeekPublication {
    /// One draft's way to the schedule.
    public struct Step: Sendable, Hashable {
        public var draft: DraftedShift
        /// In order; empty when the draft is ``stale``.
        public var actions: [MarketplaceAction]
        /// The published shift changed since the draft was made (a trade, an immediate edit, a
        /// deletion): the draft is kept for the manager to look at again, never published over it.
        public var stale: Bool
    }

    /// What one person is told about one shift.
    public enum ChangeKind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A shift new to them (created, or given to them).
        case added
        /// Their shift at other times or for another position.
        case changed
        /// Their shift taken off the schedule or given to someone else.
        case removed
        /// Their shift on the marketplace: they cover it until someone picks it up.
        case released
    }

    public struct PersonChange: Sendable, Hashable {
        public var member: UserID
        public var kind: ChangeKind
    }

    /// The steps of `drafts` in the order they publish: removals and releases first (they free
    /// people), then changes of published shifts, then new shifts, each group by start; so a
    /// change that needs someone free is decided after what frees them. `newShiftID` names a new
    /// shift (the server reserves the id).
    public static func steps(
        drafts: [DraftedShift], published: [ShiftID: PublishedShift], newShiftID: (DraftedShift) -> ShiftID
    ) -> [Step] {
        drafts.map { draft in
            guard let id = draft.shiftID else {
                let new = NewShift(
                    id: newShiftID(draft), owner: draft.owner, date: draft.date, start: draft.start, end: draft.end, position: draft.position)
                let create = MarketplaceAction.createShift(new, override: draft.overrideReason.map(RuleOverride.init(reason:)))
                return Step(draft: draft, actions: draft.released ? [create, .unassign(new.id, note: nil)] : [create], stale: false)
            }
            guard let current = published[id], current.sequence == draft.baseSequence, !current.shift.status.isTerminal else {
                return Step(draft: draft, actions: [], stale: true)
            }
            if draft.date != current.date, !draft.removed {
                return Step(draft: draft, actions: moveActions(draft, id: id, newID: newShiftID(draft)), stale: false)
            }
            return Step(draft: draft, actions: actions(draft, id: id, published: current.shift), stale: false)
        }
        .sorted { (phase($0), $0.draft.start, $0.draft.id) < (phase($1), $1.draft.start, $1.draft.id) }
    }

    /// A published shift's draft as actions: the new owner first (an assignment takes a released
    /// shift off the marketplace, which an edit needs), then the new times for whoever works it,
    /// then the release.
    static func actions(_ draft: DraftedShift, id: ShiftID, published shift: OwnedShift) -> [MarketplaceAction] {
        if draft.removed { return [.cancelShift(id, note: nil)] }
        let override = draft.overrideReason.map(RuleOverride.init(reason:))
        var actions: [MarketplaceAction] = []
        if draft.owner != shift.owner || (shift.isUnassigned && !draft.released) {
            actions.append(.assign(id, to: draft.owner, override: override))
        }
        if draft.start != shift.start || draft.end != shift.end || draft.position != shift.position {
            actions.append(.editShift(ShiftEdit(id: id, start: draft.start, end: draft.end, position: draft.position), override: override))
        }
        if draft.released, !(shift.isUnassigned && draft.owner == shift.owner) {
            actions.append(.unassign(id, note: nil))
        }
        return actions
    }

    /// A published shift moved to another date: removed on its date (which keeps the removed shift,
    /// so generation never brings it back there) and created on the new one as planned.
    static func moveActions(_ draft: DraftedShift, id: ShiftID, newID: ShiftID) -> [MarketplaceAction] {
        let override = draft.overrideReason.map(RuleOverride.init(reason:))
        let new = NewShift(id: newID, owner: draft.owner, date: draft.date, start: draft.start, end: draft.end, position: draft.position)
        var actions: [MarketplaceAction] = [.cancelShift(id, note: nil), .createShift(new, override: override)]
        if draft.released { actions.append(.unassign(newID, note: nil)) }
        return actions
    }

    /// Whether `draft` publishes as a new shift: a shift new in the draft, or a published one moved
    /// to another date (the server reserves an id for each).
    public static func needsNewShift(_ draft: DraftedShift, published: [ShiftID: PublishedShift]) -> Bool {
        guard let id = draft.shiftID else { return true }
        guard let current = published[id], !draft.removed else { return false }
        return current.date != draft.date
    }

    private static func phase(_ step: Step) -> Int {
        if step.draft.shiftID == nil { return 2 }
        if step.draft.removed || step.actions.allSatisfy({ if case .unassign = $0 { true } else { false } }) { return 0 }
        return 1
    }

    /// Who is told what when `draft` publishes over `published` (nil for a new shift): a new
    /// owner gains the shift and the old one loses it; the same owner sees it changed or released.
    public static func changes(of draft: DraftedShift, published: OwnedShift?) -> [PersonChange] {
        guard let published else { return [PersonChange(member: draft.owner, kind: .added)] }
        if draft.removed { return [PersonChange(member: published.owner, kind: .removed)] }
        if draft.owner != published.owner {
            return [PersonChange(member: published.owner, kind: .removed), PersonChange(member: draft.owner, kind: .added)]
        }
        var changes: [PersonChange] = []
        if draft.start != published.start || draft.end != published.end || draft.position != published.position {
            changes.append(PersonChange(member: draft.owner, kind: .changed))
        }
        if draft.released, !published.isUnassigned {
            changes.append(PersonChange(member: draft.owner, kind: .released))
        }
        return changes
    }
}
