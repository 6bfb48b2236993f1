import Foundation
import ShiftyDomain
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// Positions and hour limits over HTTP against PostgreSQL (issue 16): a qualification refusal,
/// and a weekly-hours refusal with a manager's override.
@Suite struct QualificationAndHourLimitRouteTests {
    func createShift(
        _ server: TestServer, by boss: TestServer.Account, for owner: TestServer.Account, inDays days: Int,
        at time: String, minutes: Int, position: String? = nil
    ) async throws -> Int64 {
        var body: [String: Any] = [
            "ownerId": owner.userID, "date": TestServer.localDate(in: days).description, "startTime": time, "durationMinutes": minutes,
        ]
        if let position { body["position"] = position }
        let response = try await server.client.json(.POST, "/api/v1/shifts", body, token: boss.token)
        try #require(response.status == 201, "create shift: \(response.status) \(response.text)")
        return Int64(try #require(response.json["id"] as? Int))
    }

    @Test func anUnqualifiedBartenderCannotPickUpAKitchenShift() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let chef = try await server.createEmployee(in: boss, username: "chef")
            let kitchen = try await createShift(server, by: boss, for: chef, inDays: 3, at: "10:00", minutes: 240, position: "kitchen")
            #expect(try await server.act("/shifts/\(kitchen)/supply", as: chef).status == 200)

            // Nobody's qualifications are kept yet: "kitchen" is only text, and the market says bram may take it.
            let before = try await server.client.json(.GET, "/api/v1/marketplace", token: bram.token).jsonArray
            #expect(before.first { $0["id"] as? Int == Int(kitchen) }?["viewerQualified"] as? Bool == true)

            // Employees cannot set qualifications; a manager can, which starts tracking both positions.
            let forbidden = try await server.client.json(
                .PUT, "/api/v1/users/\(bram.userID)/qualifications", ["positions": ["kitchen"]], token: bram.token)
            #expect(forbidden.status == 403, "\(forbidden.text)")
            let set = try await server.client.json(
                .PUT, "/api/v1/users/\(bram.userID)/qualifications", ["positions": ["bar"]], token: boss.token)
            #expect(set.status == 200 && set.json["positions"] as? [String] == ["bar"], "\(set.text)")
            _ = try await server.client.json(
                .PUT, "/api/v1/users/\(chef.userID)/qualifications", ["positions": ["kitchen"]], token: boss.token)
            let bad = try await server.client.json(
                .PUT, "/api/v1/users/\(bram.userID)/qualifications", ["positions": [""]], token: boss.token)
            #expect(bad.status == 422, "\(bad.text)")

            let market = try await server.client.json(.GET, "/api/v1/marketplace", token: bram.token).jsonArray
            #expect(market.first { $0["id"] as? Int == Int(kitchen) }?["viewerQualified"] as? Bool == false)
            let preview = try await server.client.json(.GET, "/api/v1/shifts/\(kitchen)/preview?action=pick-up", token: bram.token)
            #expect((preview.json["refusal"] as? [String: Any])?["code"] as? String == "not_qualified", "\(preview.text)")
            let refused = try await server.act("/shifts/\(kitchen)/pick-up", as: bram)
            #expect(refused.status == 409 && refused.problemCode == "not_qualified", "\(refused.status) \(refused.text)")

            let positions = try await server.client.json(.GET, "/api/v1/positions", token: boss.token)
            #expect(positions.json["positions"] as? [String] == ["bar", "kitchen"], "\(positions.text)")

            // Once qualified, the same pick-up goes through.
            _ = try await server.client.json(
                .PUT, "/api/v1/users/\(bram.userID)/qualifications", ["positions": ["bar", "kitchen"]], token: boss.token)
            #expect(try await server.act("/shifts/\(kitchen)/pick-up", as: bram).status == 201)
        }
    }

    @Test func aPartTimersWeeklyLimitRefusesUnlessTheManagerOverrides() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let pia = try await server.createEmployee(in: boss, username: "pia")
            let chloe = try await server.createEmployee(in: boss, username: "chloe")
            // The workplace has a 40-hour week; pia, a part-timer, 20 hours. Days 7..9 from now may
            // straddle a week boundary, so all of pia's shifts are on one day's week: use days 14, 15, 16 of
            // the same ISO week by picking the Monday two weeks ahead.
            let settings = try await server.client.json(
                .PATCH, "/api/v1/workplace", ["settings": ["onePerDay": false, "hourLimits": ["maxWeeklyHours": ["limit": 40]]]],
                token: boss.token)
            #expect(settings.status == 200, "\(settings.text)")
            let badLimits = try await server.client.json(
                .PATCH, "/api/v1/workplace", ["settings": ["hourLimits": ["maxWeeklyHours": ["limit": 0]]]], token: boss.token)
            #expect(badLimits.status == 422, "\(badLimits.text)")
            let limits = try await server.client.json(
                .PUT, "/api/v1/users/\(pia.userID)/hour-limits", ["maxWeeklyHours": 20], token: boss.token)
            #expect(limits.status == 200, "\(limits.text)")

            let today = TestServer.localDate(in: 0)
            let monday = ISOWeek(containing: today).monday.adding(days: 14)
            let offset = today.days(until: monday)
            _ = try await createShift(server, by: boss, for: pia, inDays: offset, at: "09:00", minutes: 480)
            _ = try await createShift(server, by: boss, for: pia, inDays: offset + 1, at: "09:00", minutes: 480)
            let third = try await createShift(server, by: boss, for: chloe, inDays: offset + 2, at: "09:00", minutes: 300)

            let preview = try await server.client.json(
                .GET, "/api/v1/shifts/\(third)/preview?action=assign&ownerId=\(pia.userID)", token: boss.token)
            #expect((preview.json["refusal"] as? [String: Any])?["code"] as? String == "weekly_hours_exceeded", "\(preview.text)")
            let refused = try await server.act("/shifts/\(third)/assign", ["ownerId": pia.userID], as: boss)
            #expect(refused.status == 409 && refused.problemCode == "weekly_hours_exceeded", "\(refused.text)")
            let overridden = try await server.act(
                "/shifts/\(third)/assign", ["ownerId": pia.userID, "override": true, "reason": "Pia offered"], as: boss)
            #expect(overridden.status == 200, "\(overridden.text)")
            #expect(try await server.shift(third, as: boss)["ownerId"] as? Int == Int(pia.userID))
            let history = try await server.client.json(.GET, "/api/v1/shifts/\(third)/history", token: boss.token)
            #expect(history.text.contains("weekly_hours_exceeded") && history.text.contains("Pia offered"), "\(history.text)")
        }
    }
}
