import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

extension ShiftyAPI.MarketDeal {
    /// A deal as the API shows it, from a row of ``MarketplaceQueries/deals(workplaceID:condition:parameters:page:on:)``.
    init(row: PostgresRow, legs: [Leg]) throws {
        self.init(
            id: try row.decode("id"), kind: Kind(try row.decode("kind", as: DealKind.self)),
            state: State(try row.decode("state", as: DealState.self)),
            initiatorId: try row.decode("initiator_id"), requestId: try row.decode("request_id"),
            createdAt: try row.decode("created_at"), expiresAt: try row.decode("expires_at"),
            decidedBy: try row.decode("decided_by"), decidedAt: try row.decode("decided_at"),
            decisionNote: try row.decode("decision_note"), decidedByName: try row.decode("decided_by_name"), legs: legs)
    }
}

extension ShiftyAPI.MarketDeal.Leg {
    /// One leg of a deal, from a `deal_legs` row joined with the giver's and receiver's names.
    init(row: PostgresRow, shift: ShiftyAPI.MarketShift) throws {
        self.init(
            shift: shift, giverId: try row.decode("giver_id"), giverName: try row.decode("giver_name"),
            receiverId: try row.decode("receiver_id"), receiverName: try row.decode("receiver_name"))
    }
}
