import Foundation
import ShiftyDomain
import ShiftyTestSupport
import Testing

/// Copying a week's one-off shifts to the next week: each copy goes through the rulebook, the
/// refused ones are reported, the preview writes nothing, fixed-shift occurrences are left out.
@Suite struct WeekCopyTests {
    @Test func copiesOneOffShiftsAWeekLaterAndReportsTheConflicts() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            // A week two weeks ahead, so every copy is in the future.
            let monday = ISOWeek(containing: TestServer.localDate(in: 14)).monday
            let tuesday = monday.adding(days: 1), wednesday = monday.adding(days: 2)
            let annas = try await server.createShift(by: boss, ownerID: anna.userID, on: tuesday.description, at: "10:00", minutes: 240)
            // Overnight: 22:00 to 04:00 the next day.
            let brams = try await server.createShift(by: boss, ownerID: bram.userID, on: wednesday.description, at: "22:00", minutes: 360)
            // Anna already works the next Tuesday 11:00: her copy would overlap.
            let clash = try await server.createShift(
                by: boss, ownerID: anna.userID, on: tuesday.adding(days: 7).description, at: "11:00", minutes: 120)
            // A fixed shift's occurrences are generation's, never copied.
            let fixed = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "ownerId": bram.userID, "weekday": 5, "startTime": "09:00", "durationMinutes": 240,
                "validFrom": monday.description,
            ], token: boss.token)
            #expect(fixed.status == 201, "\(fixed.text)")

            // Employees may not copy; bad input is a 400.
            let forbidden = try await server.act("/shifts/copy-week/preview", ["from": monday.description], as: anna)
            #expect(forbidden.status == 403, "\(forbidden.text)")
            let bad = try await server.act("/shifts/copy-week/preview", ["from": "next week"], as: boss)
            #expect(bad.status == 422 && bad.problemCode == "validation_failed", "\(bad.text)")

            let oneOffs = { try await server.pool.query(
                "SELECT 1 FROM shifts WHERE fixed_shift_id IS NULL AND owner_id = ANY($1)", [[anna.userID, bram.userID]]).count }
            let countBefore = try await oneOffs()
            // Any day of the week names the week.
            let preview = try await server.act("/shifts/copy-week/preview", ["from": wednesday.description], as: boss)
            #expect(preview.status == 200, "\(preview.text)")
            #expect(preview.json["fromWeek"] as? String == monday.description)
            #expect(preview.json["toWeek"] as? String == monday.adding(days: 7).description)
            #expect(preview.json["preview"] as? Bool == true)
            let items = try #require(preview.json["items"] as? [[String: Any]])
            #expect(items.compactMap { ($0["source"] as? [String: Any])?["id"] as? Int } == [Int(annas), Int(brams)])
            let annaItem = items[0], bramItem = items[1]
            #expect(annaItem["allowed"] as? Bool == false)
            #expect((annaItem["refusal"] as? [String: Any])?["code"] as? String == "overlapping_shift")
            let annaRules = try #require(annaItem["rules"] as? [[String: Any]])
            #expect(annaRules.first?["conflictingShiftIds"] as? [Int] == [Int(clash)])
            #expect(bramItem["allowed"] as? Bool == true)
            #expect(bramItem["date"] as? String == wednesday.adding(days: 7).description)
            #expect(bramItem["startTime"] as? String == "22:00")
            #expect(bramItem["durationMinutes"] as? Int == 360)
            #expect(preview.json["created"] as? Int == 1 && preview.json["refused"] as? Int == 1)
            // The preview wrote nothing.
            #expect(try await oneOffs() == countBefore)

            let copied = try await server.act("/shifts/copy-week", ["from": monday.description], as: boss)
            #expect(copied.status == 200, "\(copied.text)")
            #expect(copied.json["preview"] as? Bool == false)
            #expect(copied.json["created"] as? Int == 1 && copied.json["refused"] as? Int == 1)
            let result = try #require(copied.json["items"] as? [[String: Any]])
            #expect(result[0]["created"] == nil || result[0]["created"] is NSNull)
            let created = try #require(result[1]["created"] as? [String: Any])
            #expect(created["ownerId"] as? Int == Int(bram.userID))
            #expect(created["date"] as? String == wednesday.adding(days: 7).description)
            #expect(created["startTime"] as? String == "22:00" && created["endTime"] as? String == "04:00")
            #expect(try await oneOffs() == countBefore + 1)

            // Copying again: bram's copy now overlaps the first copy, so nothing is doubled.
            let again = try await server.act("/shifts/copy-week", ["from": monday.description], as: boss)
            #expect(again.json["created"] as? Int == 0 && again.json["refused"] as? Int == 2, "\(again.text)")
            #expect(try await oneOffs() == countBefore + 1)
        }
    }
}
