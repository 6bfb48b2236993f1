import Foundation
import ShiftyTestSupport
import Testing

/// The manager's note on a decision reaches the people in the deal: in the deal views, in the
/// live event and so in their notifications.
@Suite struct DealDecisionNoteTests {
    @Test func bramSeesWhoRejectedHisPickUpAndWhy() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)
            let note = "Bram is not trained for the bar yet"
            let rejected = try await server.act("/deals/\(dealID)/reject", ["note": note], as: boss)
            #expect(rejected.status == 200, "\(rejected.text)")
            let answered = try #require(rejected.json["deal"] as? [String: Any])
            #expect(answered["decisionNote"] as? String == note)
            #expect(answered["decidedByName"] as? String == "The Boss")

            // The deal view bram can open.
            let deal = try await server.client.json(.GET, "/api/v1/deals/\(dealID)", token: bram.token)
            #expect(deal.json["decidedByName"] as? String == "The Boss")
            #expect(deal.json["decisionNote"] as? String == note)

            // His notifications (the same event the live stream pushed).
            let notifications = try await server.client.json(.GET, "/api/v1/notifications", token: bram.token)
            let rejection = try #require(notifications.jsonArray.first { $0["type"] as? String == "deal.rejected" })
            let decision = try #require((rejection["data"] as? [String: Any])?["decision"] as? [String: Any])
            #expect(decision["byName"] as? String == "The Boss")
            #expect(decision["byId"] as? Int == Int(boss.userID))
            #expect(decision["note"] as? String == note)
        }
    }

    @Test func anApprovalWithoutANoteNamesTheManager() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID)
            #expect(try await server.act("/deals/\(dealID)/approve", as: boss).status == 200)
            let notifications = try await server.client.json(.GET, "/api/v1/notifications", token: anna.token)
            let approval = try #require(notifications.jsonArray.first { $0["type"] as? String == "deal.approved" })
            let decision = try #require((approval["data"] as? [String: Any])?["decision"] as? [String: Any])
            #expect(decision["byName"] as? String == "The Boss")
            #expect(decision["note"] == nil || decision["note"] is NSNull)
        }
    }
}
