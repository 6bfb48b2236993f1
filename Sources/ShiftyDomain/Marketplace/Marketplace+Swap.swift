import Foundation

/// 1:1 swaps: both shifts change owner together or not at all (one deal, two legs).
extension Marketplace {
    static func proposeSwap(
        offered offeredID: ShiftID, wanted wantedID: ShiftID, dealID: DealID, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        let offered = try shift(offeredID, in: context)
        let wanted = try shift(wantedID, in: context)
        try requireOwner(offered, actor)
        guard wanted.owner != actor.userID else {
            throw MarketplaceRefusal(.swapWithOwnShift)
        }
        try requireFuture(offered, context)
        try requireFuture(wanted, context)
        try requireTradable(offered)
        try requireTradable(wanted)
        try requireNotUnassigned(offered)
        try requireNotUnassigned(wanted)
        let counterparty = wanted.owner
        try requireActive(counterparty, context)
        try requireReceivable(wanted, by: actor.userID, givingAway: [offeredID], context: context)
        try requireReceivable(offered, by: counterparty, givingAway: [wantedID], context: context)

        let expiresAt = expiry(of: [offered, wanted], context)
        try requireOpenBeforeExpiry(expiresAt, waits: true, context)
        let deal = Deal(
            id: dealID, kind: .swap, state: .proposed, initiator: actor.userID, createdAt: context.now,
            expiresAt: expiresAt,
            legs: [
                DealLeg(shiftID: offeredID, giver: actor.userID, receiver: counterparty, previousState: offered.state),
                DealLeg(shiftID: wantedID, giver: counterparty, receiver: actor.userID, previousState: wanted.state),
            ])
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.record(deal: deal, from: nil)
        for shift in [offered, wanted] {
            builder.change(shift, to: ShiftState(owner: shift.owner, status: .inDeal, dealID: dealID))
        }
        builder.emit(MarketplaceEvent(kind: .swapProposed, audience: .users([counterparty]), shiftIDs: deal.shiftIDs, dealID: dealID))
        if offered.status == .supplied || wanted.status == .supplied {
            builder.emit(MarketplaceEvent(kind: .shiftRevoked, audience: .workplace, shiftIDs: deal.shiftIDs, dealID: dealID))
        }
        return builder.transition
    }

    /// The member who must answer a proposed swap: the initiator's receiver.
    static func counterparty(of deal: Deal) -> UserID? {
        deal.legs.first(where: { $0.giver == deal.initiator })?.receiver
    }

    static func requireCounterparty(_ deal: Deal, _ actor: MarketplaceActor) throws(MarketplaceRefusal) {
        guard deal.kind == .swap, counterparty(of: deal) == actor.userID else {
            if deal.participants.contains(actor.userID) {
                throw MarketplaceRefusal(.notSwapCounterparty, .init(deal: deal.id))
            }
            throw MarketplaceRefusal(.notInvolvedInDeal, .init(deal: deal.id))
        }
        try requirePending(deal)
        guard deal.state == .proposed else {
            throw MarketplaceRefusal(.dealNotProposed, .init(deal: deal.id))
        }
    }

    static func acceptSwap(_ id: DealID, actor: MarketplaceActor, context: MarketplaceContext) throws(MarketplaceRefusal) -> Transition {
        let deal = try deal(id, in: context)
        try requireCounterparty(deal, actor)
        let shifts = try recheck(deal, context: context)
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        open(deal, shifts: shifts, builder: &builder, context: context, previousState: .proposed)
        return builder.transition
    }

    static func declineSwap(_ id: DealID, actor: MarketplaceActor, context: MarketplaceContext) throws(MarketplaceRefusal) -> Transition {
        let deal = try deal(id, in: context)
        try requireCounterparty(deal, actor)
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        try unwind(deal, to: .declined, by: actor.userID, note: nil, builder: &builder, context: context)
        builder.emit(MarketplaceEvent(kind: .dealDeclined, audience: .users(deal.participants), shiftIDs: deal.shiftIDs, dealID: id))
        return builder.transition
    }
}
