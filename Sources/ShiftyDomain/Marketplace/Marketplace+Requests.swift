import Foundation

/// "Gezocht": requests for extra work, suggestions and accepting one of them.
extension Marketplace {
    static func request(_ id: RequestID, in context: MarketplaceContext) throws(MarketplaceRefusal) -> ExtraWorkRequest {
        guard let request = context.request, request.id == id else {
            throw MarketplaceRefusal(.requestNotFound, .init(request: id))
        }
        return request
    }

    /// Most dates one `postRequests` action may name (about two months, like the schedule).
    public static let maximumRequestDates = 62

    static func postRequests(
        _ drafts: [NewRequest], actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        guard !drafts.isEmpty else {
            throw MarketplaceRefusal(.noRequestDates)
        }
        guard drafts.count <= maximumRequestDates else {
            throw MarketplaceRefusal(.tooManyRequestDates, .init(limit: maximumRequestDates))
        }
        let today = context.timeZone.localDate(of: context.now)
        var seen: Set<LocalDate> = []
        for draft in drafts {
            guard draft.date >= today else {
                throw MarketplaceRefusal(.requestDateInPast, .init(date: draft.date))
            }
            guard seen.insert(draft.date).inserted else {
                throw MarketplaceRefusal(.duplicateRequestDate, .init(date: draft.date))
            }
            guard !context.actorRequestDates.contains(draft.date) else {
                throw MarketplaceRefusal(.requestAlreadyOpen, .init(date: draft.date))
            }
        }
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        for draft in drafts.sorted(by: { $0.date < $1.date }) {
            let request = ExtraWorkRequest(id: draft.id, requester: actor.userID, date: draft.date)
            builder.record(request: request, from: nil)
            builder.emit(MarketplaceEvent(kind: .requestPosted, audience: .workplace, requestID: draft.id))
        }
        return builder.transition
    }

    static func withdrawRequest(
        _ id: RequestID, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        let request = try request(id, in: context)
        guard request.requester == actor.userID else {
            throw MarketplaceRefusal(.notRequestOwner, .init(request: id))
        }
        guard request.status == .open else {
            throw MarketplaceRefusal(.requestNotOpen, .init(request: id, status: request.status.rawValue))
        }
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        var withdrawn = request
        withdrawn.status = .withdrawn
        builder.record(request: withdrawn, from: request)
        releaseSuggestions(of: id, except: nil, builder: &builder, context: context)
        builder.emit(MarketplaceEvent(kind: .requestWithdrawn, audience: .workplace, requestID: id))
        return builder.transition
    }

    static func suggest(
        _ shiftID: ShiftID, to requestID: RequestID, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        let shift = try shift(shiftID, in: context)
        let request = try request(requestID, in: context)
        try requireOwner(shift, actor)
        guard request.requester != actor.userID else {
            throw MarketplaceRefusal(.ownRequest)
        }
        try requireFuture(shift, context)
        guard request.status == .open else {
            throw MarketplaceRefusal(.requestNotOpen, .init(request: requestID, status: request.status.rawValue))
        }
        try requireTradable(shift)
        guard shift.status == .scheduled else {
            throw MarketplaceRefusal(.shiftNotScheduled, .init(shift: shiftID, status: shift.status.rawValue))
        }
        let shiftDate = context.timeZone.localDate(of: shift.start)
        guard shiftDate == request.date else {
            throw MarketplaceRefusal(.wrongDateForRequest, .init(shift: shiftID, date: shiftDate, otherDate: request.date))
        }
        try requireActive(request.requester, context)
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.change(shift, to: ShiftState(owner: shift.owner, status: .suggested, requestID: requestID))
        builder.emit(MarketplaceEvent(
            kind: .suggestionMade, audience: .users([request.requester]), shiftIDs: [shiftID], requestID: requestID))
        return builder.transition
    }

    static func withdrawSuggestion(
        _ shiftID: ShiftID, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        let shift = try shift(shiftID, in: context)
        try requireOwner(shift, actor)
        try requireTradable(shift)
        guard shift.status == .suggested else {
            throw MarketplaceRefusal(.shiftNotSuggested, .noRequest, .init(shift: shiftID))
        }
        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        builder.change(shift, to: ShiftState(owner: shift.owner, status: .scheduled))
        let audience: MarketplaceEvent.Audience = context.request.map { .users([$0.requester]) } ?? .workplace
        builder.emit(MarketplaceEvent(
            kind: .suggestionWithdrawn, audience: audience, shiftIDs: [shiftID], requestID: shift.requestID))
        return builder.transition
    }

    static func acceptSuggestion(
        _ shiftID: ShiftID, dealID: DealID, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        let shift = try shift(shiftID, in: context)
        guard let requestID = shift.requestID ?? context.request?.id else {
            throw MarketplaceRefusal(.shiftNotSuggested, .noRequest, .init(shift: shiftID))
        }
        let request = try request(requestID, in: context)
        guard request.requester == actor.userID else {
            throw MarketplaceRefusal(.notRequestOwner, .acceptSuggestion, .init(request: requestID))
        }
        guard shift.owner != actor.userID else {
            throw MarketplaceRefusal(.ownShift)
        }
        try requireFuture(shift, context)
        guard request.status == .open else {
            throw MarketplaceRefusal(.requestNotOpen, .init(request: requestID, status: request.status.rawValue))
        }
        try requireTradable(shift)
        guard shift.status == .suggested, shift.requestID == requestID else {
            throw MarketplaceRefusal(.shiftNotSuggested, .init(shift: shiftID, request: requestID))
        }
        try requireActive(shift.owner, context)
        try requireReceivable(shift, by: actor.userID, givingAway: [], context: context)
        let expiresAt = expiry(of: [shift], context)
        try requireOpenBeforeExpiry(expiresAt, waits: !context.settings.autoApprove, context)

        var builder = TransitionBuilder(actor: actor.userID, now: context.now)
        let deal = open(
            Deal(id: dealID, kind: .suggestionAccepted, state: .pendingApproval, initiator: actor.userID,
                 createdAt: context.now, expiresAt: expiresAt,
                 legs: [DealLeg(shiftID: shiftID, giver: shift.owner, receiver: actor.userID, previousState: shift.state)],
                 requestID: requestID),
            shifts: [shift], builder: &builder, context: context)
        if deal.state == .pendingApproval {
            // The suggester hears now that the requester took it, not only once a manager decides.
            builder.emit(MarketplaceEvent(
                kind: .shiftPickedUp, audience: .users([shift.owner]), shiftIDs: [shiftID], dealID: dealID, requestID: requestID))
        }
        var updated = request
        updated.status = deal.state == .approved ? .fulfilled : .pendingDeal
        updated.dealID = deal.state == .approved ? nil : dealID
        builder.record(request: updated, from: request)
        releaseSuggestions(of: requestID, except: shiftID, builder: &builder, context: context)
        return builder.transition
    }

    /// Puts every other shift suggested to the request back on its owner's plain schedule.
    static func releaseSuggestions(
        of requestID: RequestID, except kept: ShiftID?, builder: inout TransitionBuilder, context: MarketplaceContext
    ) {
        let released = context.shifts.values
            .filter { $0.status == .suggested && $0.requestID == requestID && $0.id != kept }
            .sorted { $0.id < $1.id }
        for shift in released {
            builder.change(shift, to: ShiftState(owner: shift.owner, status: .scheduled), note: "suggestion released")
        }
        if !released.isEmpty {
            builder.emit(MarketplaceEvent(
                kind: .suggestionReleased, audience: .users(Set(released.map(\.owner))),
                shiftIDs: released.map(\.id), requestID: requestID))
        }
    }
}
