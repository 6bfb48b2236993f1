import Foundation

/// "Aangeboden": supplying, revoking and picking up shifts.
extension Marketplace {
    static func supply(_ id: ShiftID, actor: MarketplaceActor, context: MarketplaceContext) throws(MarketplaceRefusal) -> Transition {
        let shift = try shift(id, in: context)
        try requireOwner(shift, actor)
        try requireFuture(shift, context)
        try requireTradable(shift)
        guard shift.status == .scheduled else {
            throw MarketplaceRefusal(.shiftNotScheduled, .init(shift: id, status: shift.status.rawValue))
        }
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.change(shift, to: ShiftState(owner: shift.owner, status: .supplied))
        builder.emit(MarketplaceEvent(kind: .shiftSupplied, audience: .workplace, shiftIDs: [id]))
        return builder.transition
    }

    static func revoke(_ id: ShiftID, actor: MarketplaceActor, context: MarketplaceContext) throws(MarketplaceRefusal) -> Transition {
        let shift = try shift(id, in: context)
        try requireOwner(shift, actor)
        try requireFuture(shift, context)
        if shift.status == .inDeal {
            throw MarketplaceRefusal(.shiftNoLongerAvailable, .alreadyTaken, .init(shift: id))
        }
        try requireNotUnassigned(shift)
        guard shift.status == .supplied else {
            throw MarketplaceRefusal(.shiftNotSupplied, .init(shift: id))
        }
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.change(shift, to: ShiftState(owner: shift.owner, status: .scheduled))
        builder.emit(MarketplaceEvent(kind: .shiftRevoked, audience: .workplace, shiftIDs: [id]))
        return builder.transition
    }

    static func pickUp(
        _ id: ShiftID, dealID: DealID, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        let shift = try shift(id, in: context)
        guard shift.owner != actor.userID else {
            throw MarketplaceRefusal(.ownShift)
        }
        try requireFuture(shift, context)
        guard shift.status != .inDeal else {
            throw MarketplaceRefusal(.shiftNoLongerAvailable, .takenBySomeoneElse, .init(shift: id))
        }
        guard shift.status == .supplied else {
            throw MarketplaceRefusal(.shiftNotSupplied, .init(shift: id))
        }
        try requireActive(shift.owner, context)
        try requireReceivable(shift, by: actor.userID, givingAway: [], context: context)
        let expiresAt = expiry(of: [shift], context)
        try requireOpenBeforeExpiry(expiresAt, waits: !context.settings.autoApprove, context)
        let deal = Deal(
            id: dealID, kind: .pickUp, state: .pendingApproval, initiator: actor.userID,
            createdAt: context.now, expiresAt: expiresAt,
            legs: [DealLeg(shiftID: id, giver: shift.owner, receiver: actor.userID, previousState: shift.state)])
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        let opened = open(deal, shifts: [shift], builder: &builder, context: context)
        if opened.state == .pendingApproval {
            // The giver hears now that someone took it, not only once a manager decides.
            builder.emit(MarketplaceEvent(kind: .shiftPickedUp, audience: .users([shift.owner]), shiftIDs: [id], dealID: dealID))
        }
        // The shift left the marketplace either way.
        builder.emit(MarketplaceEvent(kind: .shiftRevoked, audience: .workplace, shiftIDs: [id], dealID: dealID))
        return builder.transition
    }
}
