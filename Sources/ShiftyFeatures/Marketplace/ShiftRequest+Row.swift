import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

extension ShiftyAPI.ShiftRequest {
    /// A request as the API shows it, from a row of ``MarketplaceQueries/requests(workplaceID:ids:now:on:)``.
    init(row: PostgresRow, suggestions: [ShiftyAPI.MarketShift]) throws {
        self.init(
            id: try row.decode("id"), requesterId: try row.decode("requester_id"), requesterName: try row.decode("display_name"),
            date: try row.decode("local_date"), status: Status(try row.decode("status", as: RequestStatus.self)), dealId: try row.decode("deal_id"),
            suggestions: suggestions)
    }
}
