import Foundation

/// The preview of an action: the same `apply` the action runs, plus every rule finding for the
/// same placements the action checks. Load the context with whole weeks of commitments
/// (`commitmentWindow(for:in:wholeWeek:)`) so the receiver's hours are complete; the rules only
/// look at overlapping and same-day shifts, so the wider load does not change their answer.
extension Marketplace {
    /// Decides `action` without persisting anything. Pass a placeholder id for a new deal.
    public static func preview(
        _ action: MarketplaceAction, actor: MarketplaceActor, context: MarketplaceContext
    ) -> ActionVerdict {
        var refusal: MarketplaceRefusal?
        var accepted: Transition?
        switch apply(action, actor: actor, context: context) {
        case .success(let transition): accepted = transition
        case .failure(let refused): refusal = refused
        }
        var refusalWithOverride: MarketplaceRefusal?
        let overridden = action.overridden(by: RuleOverride(reason: "preview"))
        if let overridden, refusal != nil {
            switch apply(overridden, actor: actor, context: context) {
            case .success(let transition): accepted = transition
            case .failure(let again): refusalWithOverride = again
            }
        }
        // Someone who may not do the action at all (not a manager, not the owner, …) learns only that.
        if let refusal, refusal.kind == .notAllowed {
            return ActionVerdict(refusal: refusal, refusalWithOverride: nil, acceptsOverride: false, findings: [], effects: [])
        }
        let placements = placements(of: action, actor: actor, context: context)
        let findings = placements.flatMap { Rulebook.findings(for: $0, context: context) }
        let effects = placements.map { effect(of: $0, findings: findings, context: context) }
        var scheduleChanges: [LedgerEntry] = []
        if let accepted {
            scheduleChanges = ScheduleLedger.entries(
                for: ScheduleChange.of(accepted, action: action, context: context), policy: context.settings.scheduleChanges, now: context.now,
                schedules: context.commitments)
        }
        return ActionVerdict(
            refusal: refusal, refusalWithOverride: refusalWithOverride, acceptsOverride: overridden != nil,
            findings: findings, effects: effects, scheduleChanges: scheduleChanges)
    }

    /// Who would receive which shift, giving away what: the placements `requireReceivable` and
    /// `Rulebook.check` look at for this action.
    public static func placements(
        of action: MarketplaceAction, actor: MarketplaceActor, context: MarketplaceContext
    ) -> [Placement] {
        switch action {
        case .pickUp(let id, _), .acceptSuggestion(let id, _):
            guard let shift = context.shifts[id] else { return [] }
            return [Placement(member: actor.userID, incoming: shift.interval)]
        case .proposeSwap(let offeredID, let wantedID, _):
            guard let offered = context.shifts[offeredID], let wanted = context.shifts[wantedID] else { return [] }
            return [
                Placement(member: actor.userID, incoming: wanted.interval, givingAway: [offeredID]),
                Placement(member: wanted.owner, incoming: offered.interval, givingAway: [wantedID]),
            ]
        case .acceptSwap(let dealID), .approve(let dealID, _, _):
            guard let deal = context.deal, deal.id == dealID else { return [] }
            return deal.legs.compactMap { leg in
                context.shifts[leg.shiftID].map {
                    Placement(
                        member: leg.receiver, incoming: $0.interval,
                        givingAway: Set(deal.legs.filter { $0.giver == leg.receiver }.map(\.shiftID)))
                }
            }
        case .assign(let id, let receiver, _):
            guard let shift = context.shifts[id] else { return [] }
            return [Placement(member: receiver, incoming: shift.interval)]
        case .createShift(let new, _):
            return [Placement(member: new.owner, incoming: new.interval)]
        case .editShift(let edit, _):
            guard let shift = context.shifts[edit.id] else { return [] }
            return [Placement(member: shift.owner, incoming: edit.interval)]
        default:
            return []
        }
    }

    static func effect(of placement: Placement, findings: [RuleFinding], context: MarketplaceContext) -> ReceiverEffect {
        let zone = context.timeZone
        let week = ISOWeek(containing: zone.localDate(of: placement.incoming.start))
        let inWeek: (ShiftInterval) -> Bool = { ISOWeek(containing: zone.localDate(of: $0.start)) == week }
        let minutes: (ShiftInterval) -> Int = { Int(($0.end.timeIntervalSince($0.start) / 60).rounded()) }
        // The incoming shift counts "before" only when the member already owns it (an assignment
        // back to its owner); a shift they are receiving in this very deal is not theirs yet.
        let alreadyOwned = context.shifts[placement.incoming.shiftID]?.owner == placement.member
        let committed = (context.commitments[placement.member] ?? []).filter {
            inWeek($0) && (alreadyOwned || $0.shiftID != placement.incoming.shiftID)
        }
        let before = committed.reduce(0) { $0 + minutes($1) }
        let leaving = committed.filter { placement.givingAway.contains($0.shiftID) || $0.shiftID == placement.incoming.shiftID }
        let after = before - leaving.reduce(0) { $0 + minutes($1) } + (inWeek(placement.incoming) ? minutes(placement.incoming) : 0)
        let leavingIDs = Set(leaving.map(\.shiftID))
        let shiftsAfter = committed.filter { !leavingIDs.contains($0.shiftID) } + (inWeek(placement.incoming) ? [placement.incoming] : [])
        let conflicting = findings.filter { $0.member == placement.member && $0.shiftID == placement.incoming.shiftID }
            .flatMap(\.conflictingShiftIDs)
        return ReceiverEffect(
            member: placement.member, week: week, minutesBefore: before, minutesAfter: after,
            incoming: [placement.incoming.shiftID], outgoing: placement.givingAway.sorted(),
            conflicting: Array(Set(conflicting)).sorted(), shiftsBefore: committed, shiftsAfter: shiftsAfter)
    }

    /// The time range whose commitments a preview loads for `incoming`: the commitment window
    /// widened to the whole workplace-local ISO week (for the receiver's hours that week).
    public static func previewWindow(for incoming: ShiftInterval, in timeZone: WorkplaceTimeZone) -> Range<Date> {
        let week = ISOWeek(containing: timeZone.localDate(of: incoming.start))
        let lower = min(timeZone.startOfDay(week.monday), incoming.start)
        let upper = max(timeZone.endOfDay(week.monday.adding(days: 6)), incoming.end)
        return lower..<upper
    }
}

extension MarketplaceAction {
    /// The same action with a manager's override, for actions that accept one; `nil` otherwise.
    public func overridden(by override: RuleOverride) -> MarketplaceAction? {
        switch self {
        case .assign(let id, let receiver, _): .assign(id, to: receiver, override: override)
        case .createShift(let new, _): .createShift(new, override: override)
        case .editShift(let edit, _): .editShift(edit, override: override)
        case .approve(let dealID, let note, _): .approve(dealID, note: note, override: override)
        default: nil
        }
    }
}
