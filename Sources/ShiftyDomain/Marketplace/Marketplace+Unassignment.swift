import Foundation

/// A manager taking a shift off a member's schedule and opening it to the whole workplace.
///
/// Shifts always have an owner (time-clock reports and the schedule attribute every shift to
/// one), so an unassigned shift is a *released* one: it goes on the marketplace where any other
/// active member may pick it up under the usual rules, and its owner stays responsible for it
/// until a pick-up is approved. The owner cannot take it back or swap it away (only a manager
/// can, by assigning it). The change is marked as touching the shift, so schedule generation
/// never re-creates or overwrites it for the former owner.
extension Marketplace {
    static func unassign(
        _ id: ShiftID, note: String?, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        let shift = try shift(id, in: context)
        guard actor.role == .manager else {
            throw MarketplaceRefusal(.notAManager, .unassignShifts)
        }
        try requireNote(note)
        try requireFuture(shift, context)
        try requireTradable(shift)
        guard shift.status == .scheduled || shift.status == .supplied else {
            throw MarketplaceRefusal(.shiftNotScheduled, .unassign, .init(shift: id, status: shift.status.rawValue))
        }
        var reason = "unassigned by a manager: open to pick-up; the owner covers it until a pick-up is approved"
        if let note, !note.isEmpty { reason += "; \(note)" }
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.change(shift, to: ShiftState(owner: shift.owner, status: .supplied), note: reason, touches: true, unassigns: true)
        builder.emit(MarketplaceEvent(kind: .shiftSupplied, audience: .workplace, shiftIDs: [id]))
        builder.emit(MarketplaceEvent(kind: .shiftUnassigned, audience: .users([shift.owner]), shiftIDs: [id]))
        return builder.transition
    }
}
