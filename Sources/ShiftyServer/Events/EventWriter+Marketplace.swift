import ShiftyDomain
import ShiftyPostgres

extension EventWriter {
    /// Records a domain event with its audience translated to the table's columns and the shifts'
    /// current state (call it after the shifts were written).
    static func insert(_ event: MarketplaceEvent, workplaceID: Int64, actorID: Int64? = nil, on connection: PostgresConnection) throws {
        let audience: EventAudience
        let users: [Int64]
        switch event.audience {
        case .workplace: (audience, users) = (.workplace, [])
        case .managers: (audience, users) = (.managers, [])
        case .users(let ids): (audience, users) = (.users, ids.map(\.rawValue))
        }
        let shifts = try event.shiftIDs.compactMap {
            try ShiftStore.shift(id: $0.rawValue, workplaceID: workplaceID, on: connection)
        }
        try insert(
            workplaceID: workplaceID, type: event.kind.rawValue, audience: audience, userIDs: users,
            payload: MarketplaceEventPayload(event, shifts: shifts, actorID: actorID), on: connection)
    }
}
