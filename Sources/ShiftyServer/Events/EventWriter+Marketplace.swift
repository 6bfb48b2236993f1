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
        // The domain names the members; the event type decides who may see it. They must agree,
        // or the row would reach people the domain did not mean (fail closed instead).
        guard audience == type.audience else { throw EventAudienceMismatch(type: type, domainAudience: audience) }
        let shifts = try event.shiftIDs.compactMap {
            try ShiftStore.shift(id: $0.rawValue, workplaceID: workplaceID, on: connection)
        }
        var payload = MarketplaceEventPayload(event, shifts: shifts, actorID: actorID)
        if MarketplaceEventPayload.carriesDecision(event.kind), let dealID = event.dealID {
            payload.decision = try DealDecisionView.of(dealID: dealID.rawValue, workplaceID: workplaceID, on: connection)
        }
        try insert(workplaceID: workplaceID, type: type, userIDs: users, payload: payload, on: connection)
    }
}

/// A domain event whose audience differs from its ``EventType/audience`` (a programming error).
struct EventAudienceMismatch: Error, CustomStringConvertible {
    var type: EventType
    var domainAudience: EventAudience
    var description: String { "event \(type.rawValue) is for \(type.audience.rawValue), but the domain addressed it to \(domainAudience.rawValue)" }
}
