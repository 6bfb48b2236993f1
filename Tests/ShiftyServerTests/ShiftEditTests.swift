import Foundation
import ShiftyTestSupport
import Testing

/// A manager changes a shift's time or position on the grid: previewed first, refused without an
/// override when the owner would work twice at once, announced to the owner and the whole team.
@Suite struct ShiftEditTests {
    @Test func aManagerMovesAShiftThroughTheRulebook() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let carl = try await server.createEmployee(in: boss, username: "carl")
            let day = TestServer.localDate(in: 3)
            let shift = try await server.createShift(by: boss, ownerID: anna.userID, on: day.description, at: "09:00", minutes: 240)
            // Early the next morning.
            let morning = try await server.createShift(by: boss, ownerID: anna.userID, on: day.adding(days: 1).description, at: "06:00", minutes: 180)
            let carlsGrid = try await server.live(carl, query: "topics=schedule")
            let annasLive = try await server.live(anna, query: "topics=notifications")

            // Employees may neither edit nor preview.
            let byAnna = try await server.client.json(.PATCH, "/api/v1/shifts/\(shift)", ["startTime": "10:00"], token: anna.token)
            #expect(byAnna.status == 403, "\(byAnna.text)")
            #expect(try await server.act("/shifts/\(shift)/edit/preview", ["startTime": "10:00"], as: anna).status == 403)
            // Bad input names the field.
            let bad = try await server.client.json(.PATCH, "/api/v1/shifts/\(shift)", ["startTime": "25:99"], token: boss.token)
            #expect(bad.status == 422 && bad.problemCode == "validation_failed", "\(bad.text)")
            let unknown = try await server.client.json(.PATCH, "/api/v1/shifts/999999", ["startTime": "10:00"], token: boss.token)
            #expect(unknown.status == 404, "\(unknown.text)")

            // 22:00 for 10 hours would run into her 06:00 shift the next morning: the preview says so, the edit refuses.
            let clash: [String: Any] = ["startTime": "22:00", "durationMinutes": 600]
            let preview = try await server.act("/shifts/\(shift)/edit/preview", clash, as: boss)
            #expect(preview.status == 200, "\(preview.text)")
            #expect(preview.json["allowed"] as? Bool == false)
            #expect(preview.json["action"] as? String == "edit")
            let rules = try #require(preview.json["rules"] as? [[String: Any]])
            #expect(rules.first?["code"] as? String == "overlapping_shift")
            #expect(rules.first?["conflictingShiftIds"] as? [Int] == [Int(morning)])
            let refused = try await server.client.json(.PATCH, "/api/v1/shifts/\(shift)", clash, token: boss.token)
            #expect(refused.problemCode == "overlapping_shift", "\(refused.text)")
            #expect(try await server.shift(shift, as: boss)["startTime"] as? String == "09:00")

            // 10:00–13:00 at the bar is fine.
            let fine: [String: Any] = ["startTime": "10:00", "durationMinutes": 180, "position": "Bar"]
            #expect(try await server.act("/shifts/\(shift)/edit/preview", fine, as: boss).json["allowed"] as? Bool == true)
            let edited = try await server.client.json(.PATCH, "/api/v1/shifts/\(shift)", fine, token: boss.token)
            #expect(edited.status == 200, "\(edited.text)")
            #expect(edited.json["startTime"] as? String == "10:00" && edited.json["endTime"] as? String == "13:00")
            #expect(edited.json["position"] as? String == "Bar")
            #expect(edited.json["date"] as? String == day.description)

            // The history says what changed; the owner and the team hear of it.
            let history = try await server.client.json(.GET, "/api/v1/shifts/\(shift)/history", token: boss.token)
            #expect(history.text.contains("09:00–13:00 → 10:00–13:00"), "\(history.text)")
            try await annasLive.waitForEvents(["shift.edited"])
            try await carlsGrid.wait(for: "the edit on the grid") { _ in
                TeamScheduleLiveTests.teamChanges(carlsGrid).contains { ($0["shiftIds"] as? [Int]) == [Int(shift)] }
            }
            #expect(!carlsGrid.eventTypes.contains("shift.edited"))
            await carlsGrid.close()
            await annasLive.close()
        }
    }
}
