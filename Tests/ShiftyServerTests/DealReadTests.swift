import Foundation
import ShiftyTestSupport
import Testing

/// Reading deals writes nothing: a deal past its expiry is left out of the lists, and only the
/// maintenance job (or an action on that deal) expires it.
@Suite struct DealReadTests {
    @Test func listingDealsDoesNotExpireThem() async throws {
        // Maintenance runs once at start and not again during the test, however slow the machine:
        // the deal stays past its expiry with nothing but the reads looking at it.
        try await TestServer.with(configure: { $0.dealExpiryInterval = .seconds(3600) }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)
            // The deal's expiry passes without the maintenance job running.
            _ = try await server.pool.execute("UPDATE deals SET expires_at = now() - interval '1 minute' WHERE id = $1", [Int64(dealID)])
            let eventsBefore = try await server.pool.query("SELECT count(*)::bigint AS n FROM events")[0].decode("n", as: Int64.self)

            let mine = try await server.client.json(.GET, "/api/v1/deals/mine", token: anna.token)
            #expect(mine.status == 200)
            #expect(mine.jsonArray.isEmpty)
            let queue = try await server.client.json(.GET, "/api/v1/deals/approvals", token: boss.token)
            #expect(queue.status == 200)
            #expect(queue.jsonArray.isEmpty)

            let state = try await server.pool.query("SELECT state FROM deals WHERE id = $1", [Int64(dealID)])[0].decode("state", as: String.self)
            #expect(state == "pending_approval")
            let eventsAfter = try await server.pool.query("SELECT count(*)::bigint AS n FROM events")[0].decode("n", as: Int64.self)
            #expect(eventsAfter == eventsBefore)
        }
    }
}
