import Foundation

/// A manager's direct schedule edits that give a shift to a member: assigning an existing shift
/// and adding a one-off shift. They pass the same `Rulebook` as trades; a manager may set aside
/// the overridable rules with an explicit `RuleOverride`, which is recorded in the shift's history
/// and announced to the managers.
extension Marketplace {
    static func assign(
        _ id: ShiftID, to receiver: UserID, override: RuleOverride?, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        let shift = try shift(id, in: context)
        guard actor.role == .manager else {
            throw MarketplaceRefusal(.notAManager, .assignShifts)
        }
        try requireOverrideReason(override)
        try requireFuture(shift, context)
        try requireTradable(shift)
        guard shift.status == .scheduled || shift.status == .supplied else {
            throw MarketplaceRefusal(.shiftNotScheduled, .assign, .init(shift: id, status: shift.status.rawValue))
        }
        try requireActive(receiver, context)
        let overridden = try Rulebook.check(
            Placement(member: receiver, incoming: shift.interval), overriding: override, context: context)

        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.change(shift, to: ShiftState(owner: receiver, status: .scheduled), touches: true, assigns: true)
        record(overridden, override: override, on: id, status: .scheduled, builder: &builder)
        if shift.status == .supplied {
            builder.emit(MarketplaceEvent(kind: .shiftRevoked, audience: .workplace, shiftIDs: [id]))
        }
        builder.emit(MarketplaceEvent(kind: .shiftAssigned, audience: .users([shift.owner, receiver]), shiftIDs: [id]))
        return builder.transition
    }

    static func createShift(
        _ new: NewShift, override: RuleOverride?, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        guard actor.role == .manager else {
            throw MarketplaceRefusal(.notAManager, .addShifts)
        }
        try requireOverrideReason(override)
        guard new.start > context.now else {
            throw MarketplaceRefusal(.shiftInPast, .newShift)
        }
        try requireActive(new.owner, context)
        let overridden = try Rulebook.check(
            Placement(member: new.owner, incoming: new.interval), overriding: override, context: context)

        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.create(new)
        record(overridden, override: override, on: new.id, status: .scheduled, builder: &builder)
        builder.emit(MarketplaceEvent(kind: .shiftCreated, audience: .users([new.owner]), shiftIDs: [new.id]))
        return builder.transition
    }

    static func requireOverrideReason(_ override: RuleOverride?) throws(MarketplaceRefusal) {
        guard let override else { return }
        guard !override.reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw MarketplaceRefusal(.overrideReasonRequired)
        }
        try requireNote(override.reason)
    }

    /// One history row per overridden rule (who: the builder's actor; why: the reason) and one event to the managers.
    static func record(
        _ overridden: [RuleFinding], override: RuleOverride?, on shiftID: ShiftID, status: ShiftStatus,
        builder: inout TransitionBuilder
    ) {
        guard let override, !overridden.isEmpty else { return }
        for finding in overridden {
            builder.note(
                on: shiftID, status: status,
                "rule overridden: \(finding.code.rawValue) (\(finding.arguments)) — reason: \(override.reason)")
        }
        var event = MarketplaceEvent(kind: .ruleOverridden, audience: .managers, shiftIDs: [shiftID])
        event.overriddenRules = overridden.map(\.code.rawValue)
        event.overrideReason = override.reason
        builder.emit(event)
    }
}
