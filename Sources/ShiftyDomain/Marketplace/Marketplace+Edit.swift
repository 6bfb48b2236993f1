import Foundation

/// A manager changes a shift's time or position (the person and the date stay). The owner must
/// still pass the `Rulebook` with the new times, as for an assignment, unless the manager
/// overrides the overridable rules.
extension Marketplace {
    static func editShift(
        _ edit: ShiftEdit, override: RuleOverride?, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        let shift = try shift(edit.id, in: context)
        guard actor.role == .manager else {
            throw MarketplaceRefusal(.notAManager, .changeShifts)
        }
        try requireOverrideReason(override)
        try requireFuture(shift, context)
        try requireTradable(shift)
        guard shift.status == .scheduled, !shift.isUnassigned else {
            throw MarketplaceRefusal(.shiftNotScheduled, .change, .init(shift: edit.id, status: shift.status.rawValue))
        }
        guard edit.start > context.now else {
            throw MarketplaceRefusal(.shiftInPast, .changedShift)
        }
        try requireActive(shift.owner, context)
        let overridden = try Rulebook.check(
            Placement(member: shift.owner, incoming: edit.interval), overriding: override, context: context)

        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.retime(shift, to: edit, zone: context.timeZone)
        record(overridden, override: override, on: edit.id, status: .scheduled, builder: &builder)
        builder.emit(MarketplaceEvent(kind: .shiftEdited, audience: .users([shift.owner]), shiftIDs: [edit.id]))
        return builder.transition
    }
}
