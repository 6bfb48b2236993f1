import Foundation
import ShiftyTestSupport
import Testing

/// Workplace switches and the withdraw paths of requests and suggestions.
@Suite struct MarketplaceSettingsTests {
    @Test func autoApprovalSkipsTheManagerAndOnePerDayCanBeSwitchedOff() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let settings = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["autoApprove": true, "onePerDay": false]], token: boss.token)
            #expect(settings.status == 200, "\(settings.text)")

            let shift = try await server.createShift(by: boss, for: anna, inDays: 2, at: "10:00", minutes: 240)
            _ = try await server.createShift(by: boss, for: bram, inDays: 2, at: "14:00", minutes: 120)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let picked = try await server.act("/shifts/\(shift)/pick-up", as: bram)
            #expect(picked.status == 201, "back-to-back on the same day is allowed without the one-per-day rule: \(picked.text)")
            #expect((picked.json["deal"] as? [String: Any])?["state"] as? String == "approved")
            let now = try await server.shift(shift, as: bram)
            #expect(now["ownerId"] as? Int == Int(bram.userID) && now["status"] as? String == "scheduled")
            #expect(try await server.client.json(.GET, "/api/v1/deals/approvals", token: boss.token).jsonArray.isEmpty)
        }
    }

    @Test func withdrawingARequestReleasesItsSuggestions() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let date = TestServer.localDate(in: 4)
            let posted = try await server.act("/requests", ["dates": [date.description]], as: anna)
            let requestID = try #require((posted.json["requests"] as? [[String: Any]])?.first?["id"] as? Int, "\(posted.text)")
            let bramsShift = try await server.createShift(by: boss, for: bram, inDays: 4)
            #expect(try await server.act("/requests/\(requestID)/suggestions", ["shiftId": bramsShift], as: bram).status == 201)
            #expect(try await server.shift(bramsShift, as: bram)["status"] as? String == "suggested")

            // Bram takes it back, suggests again, then Anna withdraws the request.
            #expect(try await server.client.json(.DELETE, "/api/v1/shifts/\(bramsShift)/suggestion", token: bram.token).status == 200)
            #expect(try await server.shift(bramsShift, as: bram)["status"] as? String == "scheduled")
            #expect(try await server.act("/requests/\(requestID)/suggestions", ["shiftId": bramsShift], as: bram).status == 201)
            let notMine = try await server.client.json(.DELETE, "/api/v1/requests/\(requestID)", token: bram.token)
            #expect(notMine.status == 403 && notMine.problemCode == "not_request_owner")
            #expect(try await server.client.json(.DELETE, "/api/v1/requests/\(requestID)", token: anna.token).status == 200)
            #expect(try await server.shift(bramsShift, as: bram)["status"] as? String == "scheduled", "released")
            #expect(try await server.client.json(.GET, "/api/v1/requests", token: anna.token).jsonArray.isEmpty)
            let again = try await server.act("/requests/\(requestID)/suggestions", ["shiftId": bramsShift], as: bram)
            #expect(again.status == 409 && again.problemCode == "request_not_open")
        }
    }
}
