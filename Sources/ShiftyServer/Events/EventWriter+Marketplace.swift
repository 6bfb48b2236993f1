import ShiftyDomain
import ShiftyPostgres

extension EventWriter {
    /// Records a domain event with its audience translated to the table's columns and the shifts'
    /// current state (call it after the shifts were written).
    static func insert(_ event: MarketplaceEvent, workplaceID: Int64, actorID: Int64? = nil, on connection: PostgresConnection) throws {
        let type = EventType(event.kind)
        let audience: EventAudience
        let users: [Int64]
        switch event.audience {
        case .workplace: (audience, users) = (.workplace, [])
        case .managers: (audience, users) = (.managers, [])
        case .users(let ids): (audience, users) = (.users, ids.map(\.rawValue))
        }
        // The domain addresses it; `insert` checks that its type allows that audience.
        let shifts = try event.shiftIDs.compactMap {
            try ShiftStore.shift(id: $0.rawValue, workplaceID: workplaceID, on: connection)
        }
        var payload = MarketplaceEventPayload(event, shifts: shifts, actorID: actorID)
        if MarketplaceEventPayload.carriesDecision(event.kind), let dealID = event.dealID {
            payload.decision = try DealDecisionView.of(dealID: dealID.rawValue, workplaceID: workplaceID, on: connection)
        }
        try insert(workplaceID: workplaceID, type: type, audience: audience, userIDs: users, payload: payload, on: connection)
    }
}

/// An event addressed more widely than its ``EventType/audience`` allows (a programming error).
struct EventAudienceMismatch: Error, CustomStringConvertible {
    var type: EventType
    var audience: EventAudience
    var description: String { "event \(type.rawValue) is for \(type.audience.rawValue) at most, but was addressed to \(audience.rawValue)" }
}
