import Foundation

/// Removing a shift from the schedule.
extension Marketplace {
    static func cancelShift(
        _ id: ShiftID, note: String?, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        let shift = try shift(id, in: context)
        guard actor.role == .manager else {
            throw MarketplaceRefusal(.notAManager, .removeShifts)
        }
        try requireNote(note)
        try requireFuture(shift, context)
        try requireTradable(shift)
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.change(shift, to: ShiftState(owner: shift.owner, status: .cancelled), note: note)
        if shift.status == .supplied {
            builder.emit(MarketplaceEvent(kind: .shiftRevoked, audience: .workplace, shiftIDs: [id]))
        }
        if shift.status == .suggested {
            builder.emit(MarketplaceEvent(kind: .suggestionWithdrawn, audience: .workplace, shiftIDs: [id], requestID: shift.requestID))
        }
        return builder.transition
    }
}
