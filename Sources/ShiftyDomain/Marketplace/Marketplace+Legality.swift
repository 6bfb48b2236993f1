import Foundation

/// Checks shared by several actions. Each throws the refusal with its own code.
extension Marketplace {
    static func shift(_ id: ShiftID, in context: MarketplaceContext) throws(MarketplaceRefusal) -> OwnedShift {
        guard let shift = context.shifts[id] else {
            throw MarketplaceRefusal(.shiftNotFound, .init(shift: id))
        }
        guard !shift.status.isTerminal else {
            throw MarketplaceRefusal(.shiftCancelled, .init(shift: id))
        }
        return shift
    }

    static func requireOwner(_ shift: OwnedShift, _ actor: MarketplaceActor) throws(MarketplaceRefusal) {
        guard shift.owner == actor.userID else {
            throw MarketplaceRefusal(.notShiftOwner, .init(shift: shift.id))
        }
    }

    static func requireFuture(_ shift: OwnedShift, _ context: MarketplaceContext) throws(MarketplaceRefusal) {
        guard shift.start > context.now else {
            throw MarketplaceRefusal(.shiftInPast, .init(shift: shift.id))
        }
    }

    /// A shift may enter a new deal only when it is not locked by another one.
    static func requireTradable(_ shift: OwnedShift) throws(MarketplaceRefusal) {
        guard shift.status != .inDeal else {
            throw MarketplaceRefusal(.shiftInPendingDeal, .init(shift: shift.id))
        }
    }

    /// An unassigned shift waits on the marketplace for a pick-up; its owner cannot withdraw or trade it.
    static func requireNotUnassigned(_ shift: OwnedShift) throws(MarketplaceRefusal) {
        guard !shift.isUnassigned else {
            throw MarketplaceRefusal(.shiftUnassigned, .init(shift: shift.id))
        }
    }

    static func requireActive(_ user: UserID, _ context: MarketplaceContext) throws(MarketplaceRefusal) {
        guard !context.inactiveUsers.contains(user) else {
            throw MarketplaceRefusal(.counterpartyInactive, .init(member: user))
        }
    }

    static func requireNote(_ note: String?) throws(MarketplaceRefusal) {
        guard (note?.count ?? 0) <= maximumNoteLength else {
            throw MarketplaceRefusal(.noteTooLong, .init(limit: maximumNoteLength))
        }
    }

    static func deal(_ id: DealID, in context: MarketplaceContext) throws(MarketplaceRefusal) -> Deal {
        guard let deal = context.deal, deal.id == id else {
            throw MarketplaceRefusal(.dealNotFound, .init(deal: id))
        }
        return deal
    }

    static func requirePending(_ deal: Deal) throws(MarketplaceRefusal) {
        guard deal.state.isPending else {
            throw MarketplaceRefusal(.dealNotPending, .init(deal: deal.id, status: deal.state.rawValue))
        }
    }

    static func requireNotExpired(_ deal: Deal, _ context: MarketplaceContext) throws(MarketplaceRefusal) {
        guard context.now < deal.expiresAt else {
            throw MarketplaceRefusal(.dealExpired, .init(deal: deal.id, until: deal.expiresAt))
        }
    }

    /// A deal that would wait for someone (a manager, or a swap's counterparty) must not be made
    /// already past its expiry: inside the workplace's `dealExpiryHours` before the start it is refused.
    static func requireOpenBeforeExpiry(_ expiresAt: Date, waits: Bool, _ context: MarketplaceContext) throws(MarketplaceRefusal) {
        guard waits, context.now >= expiresAt else { return }
        throw MarketplaceRefusal(.dealExpired, .tradesClosed, .init(limit: context.settings.dealExpiryHours))
    }

    /// The receiver must pass every rule of the `Rulebook` (no overlapping shifts, one shift per
    /// day where the workplace says so, …) with the shift added.
    ///
    /// - Parameters:
    ///   - incoming: the shift the receiver would get.
    ///   - givingAway: shifts the receiver hands over in the same deal (they no longer count).
    static func requireReceivable(
        _ incoming: OwnedShift, by receiver: UserID, givingAway: Set<ShiftID>, context: MarketplaceContext
    ) throws(MarketplaceRefusal) {
        _ = try Rulebook.check(
            Placement(member: receiver, incoming: incoming.interval, givingAway: givingAway), overriding: nil, context: context)
    }

    /// Re-checks a pending deal's legs against the current rows and rules (used when the
    /// counterparty accepts and when a manager approves).
    static func recheck(_ deal: Deal, context: MarketplaceContext) throws(MarketplaceRefusal) -> [OwnedShift] {
        try recheck(deal, overriding: nil, context: context).shifts
    }

    /// `recheck` where a manager may set aside the overridable rules; returns the findings overridden.
    static func recheck(
        _ deal: Deal, overriding override: RuleOverride?, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> (shifts: [OwnedShift], overridden: [RuleFinding]) {
        try requireNotExpired(deal, context)
        var shifts: [OwnedShift] = []
        for leg in deal.legs {
            let current = try shift(leg.shiftID, in: context)
            guard current.status == .inDeal, current.dealID == deal.id, current.owner == leg.giver else {
                throw MarketplaceRefusal(.shiftNoLongerAvailable, .changedSinceDeal, .init(shift: leg.shiftID))
            }
            try requireFuture(current, context)
            shifts.append(current)
        }
        for user in deal.participants.sorted() {
            try requireActive(user, context)
        }
        var overridden: [RuleFinding] = []
        for (leg, current) in zip(deal.legs, shifts) {
            let givingAway = Set(deal.legs.filter { $0.giver == leg.receiver }.map(\.shiftID))
            overridden += try Rulebook.check(
                Placement(member: leg.receiver, incoming: current.interval, givingAway: givingAway), overriding: override, context: context)
        }
        return (shifts, overridden)
    }

    /// When a still-pending deal expires: the earliest start among the shifts, less the workplace's
    /// `dealExpiryHours`.
    static func expiry(of shifts: [OwnedShift], _ context: MarketplaceContext) -> Date {
        let start = shifts.map(\.start).min() ?? .distantPast
        return start.addingTimeInterval(-Double(max(context.settings.dealExpiryHours, 0)) * 3600)
    }
}
