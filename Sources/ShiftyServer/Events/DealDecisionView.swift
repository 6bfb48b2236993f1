import ShiftyPostgres

/// Who ended a deal (approved, rejected or cancelled it) and the note they left, as the deal
/// views and the deal events show it: the people whose shifts it was hear the reason, not only
/// that "a manager" decided.
struct DealDecisionView: Codable, Sendable, Equatable {
    var byId: Int64
    var byName: String
    var note: String?

    /// The decision recorded on a deal (nil while nobody decided, or the system expired it).
    static func of(dealID: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> DealDecisionView? {
        guard let row = try connection.query(
            """
            SELECT d.decided_by, u.display_name, d.decision_note FROM deals d JOIN users u ON u.id = d.decided_by
            WHERE d.id = $1 AND d.workplace_id = $2
            """,
            [dealID, workplaceID]
        ).first else { return nil }
        return DealDecisionView(
            byId: try row.decode("decided_by"), byName: try row.decode("display_name"), note: try row.decode("decision_note"))
    }
}
