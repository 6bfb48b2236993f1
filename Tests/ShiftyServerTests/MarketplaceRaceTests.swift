import Foundation
import ShiftyTestSupport
import Testing

/// Fifty members try to pick up the same shift at the same moment: exactly one wins.
@Suite struct MarketplaceRaceTests {
    @Test func fiftyConcurrentPickUpsHaveExactlyOneWinner() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 3)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)

            let pickers = try await withThrowingTaskGroup(of: TestServer.Account.self) { group in
                for index in 0..<50 {
                    group.addTask { try await server.createEmployee(in: boss, username: "picker\(index)") }
                }
                return try await group.reduce(into: [TestServer.Account]()) { $0.append($1) }
            }
            try #require(pickers.count == 50)

            let outcomes = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for picker in pickers {
                    group.addTask {
                        let response = try await server.act("/shifts/\(shift)/pick-up", as: picker)
                        return (response.status, response.problemCode)
                    }
                }
                return try await group.reduce(into: [(Int, String?)]()) { $0.append($1) }
            }
            let winners = outcomes.filter { $0.0 == 201 }
            let losers = outcomes.filter { $0.0 == 409 && $0.1 == "shift_no_longer_available" }
            #expect(winners.count == 1)
            #expect(losers.count == 49, "\(outcomes.filter { $0.0 != 201 && $0.1 != "shift_no_longer_available" })")

            let deals = try await server.pool.query("SELECT count(*)::bigint AS n FROM deal_legs WHERE shift_id = $1", [shift])
            #expect(try deals[0].decode("n", as: Int64.self) == 1, "one deal in the database")
        }
    }
}
