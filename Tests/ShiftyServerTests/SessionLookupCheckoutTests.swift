import Foundation
import ShiftyTestSupport
import Testing

/// A member's `GET` looks the session up on the same pool checkout as the route's first read: one
/// checkout per typical read, where it took two (the lookup's, then the route's). Counted as the
/// uses that got the lookup's connection handed on: exactly one per `GET`, none for a request with
/// a body, whatever the server's own background work checks out meanwhile (`CheckoutHandoffTests`
/// count the checkouts themselves on a pool of their own).
@Suite struct SessionLookupCheckoutTests {
    @Test func aTypicalGetChecksOutOnce() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let shift = try await server.createShift(
                by: boss, ownerID: boss.userID, on: TestServer.localDate(in: 2).description, at: "10:00", minutes: 60)
            let requests = 20
            let before = server.pool.handedOnCount
            for _ in 0..<requests {
                let schedule = try await server.client.json(.GET, "/api/v1/schedule", token: boss.token)
                try #require(schedule.status == 200, "\(schedule.text)")
            }
            #expect(server.pool.handedOnCount - before == requests, "the route's first read ran on the lookup's checkout")

            // A request with a body does not keep the lookup's connection while the body arrives.
            let posted = server.pool.handedOnCount
            let edited = try await server.client.json(.PATCH, "/api/v1/shifts/\(shift)", ["startTime": "11:00"], token: boss.token)
            #expect(edited.status == 200, "\(edited.text)")
            #expect(server.pool.handedOnCount == posted)

            // An unknown session is still refused, and leaves no connection checked out.
            let refused = try await server.client.json(.GET, "/api/v1/schedule", token: "not-a-session")
            #expect(refused.status == 401, "\(refused.text)")
            #expect(server.pool.handedOnCount == posted, "nothing was taken after a refused lookup")
        }
    }
}
