import Foundation

/// Approval, rejection, cancellation and expiry of pending deals.
extension Marketplace {
    static func requireManager(_ actor: MarketplaceActor) throws(MarketplaceRefusal) {
        guard actor.role == .manager else {
            throw MarketplaceRefusal(.notAManager, .decideDeals)
        }
    }

    static func approve(
        _ id: DealID, note: String?, override: RuleOverride?, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        try requireManager(actor)
        try requireNote(note)
        try requireOverrideReason(override)
        let deal = try deal(id, in: context)
        try requirePending(deal)
        guard deal.state == .pendingApproval else {
            throw MarketplaceRefusal(.dealNotPending, .waitsForCounterparty, .init(deal: id))
        }
        // Approval re-checks every rule at this moment (the manager may override the overridable ones).
        let (shifts, overridden) = try recheck(deal, overriding: override, context: context)
        var approved = deal
        approved.state = .approved
        approved.decidedBy = actor.userID
        approved.decidedAt = context.now
        approved.decisionNote = note
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.record(deal: approved, from: deal.state, note: note)
        for (leg, shift) in zip(deal.legs, shifts) {
            builder.change(shift, to: ShiftState(owner: leg.receiver, status: .scheduled), note: note)
            record(overridden.filter { $0.shiftID == shift.id }, override: override, on: shift.id, status: .scheduled, builder: &builder)
        }
        if deal.kind == .suggestionAccepted, let request = context.request, request.id == deal.requestID {
            var fulfilled = request
            fulfilled.status = .fulfilled
            fulfilled.dealID = nil
            builder.record(request: fulfilled, from: request)
        }
        builder.emit(MarketplaceEvent(kind: .dealApproved, audience: .users(deal.participants), shiftIDs: deal.shiftIDs, dealID: id))
        builder.emit(MarketplaceEvent(kind: .approvalResolved, audience: .managers, shiftIDs: deal.shiftIDs, dealID: id))
        return builder.transition
    }

    static func reject(
        _ id: DealID, note: String?, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        try requireManager(actor)
        try requireNote(note)
        let deal = try deal(id, in: context)
        try requirePending(deal)
        guard deal.state == .pendingApproval else {
            throw MarketplaceRefusal(.dealNotPending, .waitsForCounterparty, .init(deal: id))
        }
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        try unwind(deal, to: .rejected, by: actor.userID, note: note, builder: &builder, context: context)
        builder.emit(MarketplaceEvent(kind: .dealRejected, audience: .users(deal.participants), shiftIDs: deal.shiftIDs, dealID: id))
        builder.emit(MarketplaceEvent(kind: .approvalResolved, audience: .managers, shiftIDs: deal.shiftIDs, dealID: id))
        return builder.transition
    }

    static func cancel(
        _ id: DealID, note: String?, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        try requireNote(note)
        let deal = try deal(id, in: context)
        guard deal.participants.contains(actor.userID) else {
            throw MarketplaceRefusal(.notInvolvedInDeal, .init(deal: id))
        }
        try requirePending(deal)
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        try unwind(deal, to: .cancelled, by: actor.userID, note: note, builder: &builder, context: context)
        builder.emit(MarketplaceEvent(kind: .dealCancelled, audience: .users(deal.participants), shiftIDs: deal.shiftIDs, dealID: id))
        if deal.state == .pendingApproval {
            builder.emit(MarketplaceEvent(kind: .approvalResolved, audience: .managers, shiftIDs: deal.shiftIDs, dealID: id))
        }
        return builder.transition
    }

    static func expire(_ id: DealID, context: MarketplaceContext) throws(MarketplaceRefusal) -> Transition {
        let deal = try deal(id, in: context)
        try requirePending(deal)
        guard context.now >= deal.expiresAt else {
            throw MarketplaceRefusal(.dealNotExpired, .init(deal: id, until: deal.expiresAt))
        }
        var builder = TransitionBuilder(actor: nil, now: context.now)
        try unwind(deal, to: .expired, by: nil, note: nil, builder: &builder, context: context)
        builder.emit(MarketplaceEvent(kind: .dealExpired, audience: .users(deal.participants), shiftIDs: deal.shiftIDs, dealID: id))
        if deal.state == .pendingApproval {
            builder.emit(MarketplaceEvent(kind: .approvalResolved, audience: .managers, shiftIDs: deal.shiftIDs, dealID: id))
        }
        return builder.transition
    }

    /// Ends a deal without exchange: every shift still locked by it returns to its previous
    /// owner and state, and an accepted request opens again.
    static func unwind(
        _ deal: Deal, to final: DealState, by actor: UserID?, note: String?,
        builder: inout TransitionBuilder, context: MarketplaceContext
    ) throws(MarketplaceRefusal) {
        var ended = deal
        ended.state = final
        ended.decidedBy = actor
        ended.decidedAt = context.now
        ended.decisionNote = note
        builder.record(deal: ended, from: deal.state, note: note)
        var backOnMarket: [ShiftID] = []
        for leg in deal.legs {
            guard let shift = context.shifts[leg.shiftID] else {
                throw MarketplaceRefusal(.shiftNotFound, .init(shift: leg.shiftID, deal: deal.id))
            }
            // Only touch rows this deal still holds; never clobber a later change.
            guard shift.status == .inDeal, shift.dealID == deal.id else { continue }
            builder.change(shift, to: leg.previousState, note: note)
            if leg.previousState.status == .supplied { backOnMarket.append(shift.id) }
        }
        if !backOnMarket.isEmpty {
            // Everyone's marketplace shows it again, not only the deal's parties.
            builder.emit(MarketplaceEvent(kind: .shiftSupplied, audience: .workplace, shiftIDs: backOnMarket, dealID: deal.id))
        }
        if deal.kind == .suggestionAccepted, let request = context.request, request.id == deal.requestID,
           request.status == .pendingDeal, request.dealID == deal.id {
            var reopened = request
            reopened.status = .open
            reopened.dealID = nil
            builder.record(request: reopened, from: request, note: note)
        }
    }
}
