import Foundation

/// Opening a deal once every party agreed.
extension Marketplace {
    /// Starts a deal whose parties have all agreed: it waits for a manager, or is approved at
    /// once when the workplace auto-approves. Returns the deal as recorded.
    @discardableResult
    static func open(
        _ deal: Deal, shifts: [OwnedShift], builder: inout TransitionBuilder, context: MarketplaceContext,
        previousState: DealState? = nil
    ) -> Deal {
        var deal = deal
        if context.settings.autoApprove {
            deal.state = .approved
            deal.decidedAt = context.now
            builder.record(deal: deal, from: previousState, note: "auto-approved")
            for (leg, shift) in zip(deal.legs, shifts) {
                builder.change(shift, to: ShiftState(owner: leg.receiver, status: .scheduled))
            }
            builder.emit(MarketplaceEvent(
                kind: .dealApproved, audience: .users(deal.participants), shiftIDs: deal.shiftIDs, dealID: deal.id))
        } else {
            deal.state = .pendingApproval
            builder.record(deal: deal, from: previousState)
            for shift in shifts where shift.status != .inDeal {
                builder.change(shift, to: ShiftState(owner: shift.owner, status: .inDeal, dealID: deal.id))
            }
            builder.emit(MarketplaceEvent(
                kind: .dealAwaitingApproval, audience: .managers, shiftIDs: deal.shiftIDs, dealID: deal.id))
        }
        return deal
    }
}
