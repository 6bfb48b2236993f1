import Foundation
import ShiftyTestSupport
import Testing

/// A member's `GET` looks the session up on the same pool checkout as the route's first reads:
/// one checkout per typical read, where it took two (the lookup's, then the route's).
@Suite struct SessionLookupCheckoutTests {
    @Test func aTypicalGetChecksOutOnce() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            _ = try await server.createShift(by: boss, ownerID: boss.userID, on: TestServer.localDate(in: 2).description, at: "10:00", minutes: 60)
            let requests = 20
            let before = server.pool.checkoutCount
            for _ in 0..<requests {
                let schedule = try await server.client.json(.GET, "/api/v1/schedule", token: boss.token)
                try #require(schedule.status == 200, "\(schedule.text)")
            }
            let checkouts = server.pool.checkoutCount - before
            // Two per request before; the server's own background work (maintenance, reminders,
            // deliveries) may check out meanwhile, so the bound leaves it room without letting two per request pass.
            #expect(checkouts < requests * 3 / 2, "\(checkouts) checkouts for \(requests) GETs")

            // An expired session is still refused, and leaves no connection checked out.
            let refused = try await server.client.json(.GET, "/api/v1/schedule", token: "not-a-session")
            #expect(refused.status == 401, "\(refused.text)")
        }
    }
}
