import Foundation
import ShiftyTestSupport
import Testing

/// GET /api/v1/notifications: my personal events, newest first, nobody else's.
@Suite struct NotificationListTests {
    @Test func listsMyPersonalEventsNewestFirst() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let chloe = try await server.createEmployee(in: boss, username: "chloe")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 3)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)
            #expect(try await server.act("/deals/\(dealID)/approve", as: boss).status == 200)

            let mine = try await server.client.json(.GET, "/api/v1/notifications", token: bram.token)
            #expect(mine.status == 200, "\(mine.text)")
            let types = mine.jsonArray.compactMap { $0["type"] as? String }
            #expect(types.first == "deal.approved")
            #expect(!types.contains("shift.supplied"))  // everyone's marketplace news is not a notification
            let ids = mine.jsonArray.compactMap { $0["id"] as? Int }
            #expect(ids == ids.sorted(by: >))
            #expect((mine.jsonArray.first?["data"] as? [String: Any])?["dealId"] as? Int == dealID)

            // Anna created no events for Chloé: her list has nothing of the others' deal.
            let theirs = try await server.client.json(.GET, "/api/v1/notifications", token: chloe.token)
            #expect(!theirs.jsonArray.contains { ($0["data"] as? [String: Any])?["dealId"] as? Int == dealID })

            let paged = try await server.client.json(.GET, "/api/v1/notifications?limit=1&before=\(ids[0])", token: bram.token)
            #expect(paged.jsonArray.compactMap { $0["id"] as? Int } == Array(ids.dropFirst().prefix(1)))
            #expect(try await server.client.json(.GET, "/api/v1/notifications?limit=0", token: bram.token).status == 400)
            #expect(try await server.client.json(.GET, "/api/v1/notifications?before=x", token: bram.token).status == 400)
            #expect(try await server.client.json(.GET, "/api/v1/notifications").status == 401)
        }
    }
}
