import ShiftyAPI
import ShiftyPostgres

extension ShiftyAPI.DealDecision {
    /// The decision recorded on a deal (nil while nobody decided, or the system expired it), as
    /// the deal events carry it.
    package static func recorded(dealID: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> ShiftyAPI.DealDecision? {
        guard let row = try connection.query(
            """
            SELECT d.decided_by, u.display_name, d.decision_note FROM deals d JOIN users u ON u.id = d.decided_by
            WHERE d.id = \(dealID) AND d.workplace_id = \(workplaceID)
            """).first else { return nil }
        return ShiftyAPI.DealDecision(
            byId: try row.decode("decided_by"), byName: try row.decode("display_name"), note: try row.decode("decision_note"))
    }
}
