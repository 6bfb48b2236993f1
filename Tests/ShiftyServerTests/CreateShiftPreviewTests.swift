import Foundation
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// `POST /shifts/preview`: the team week grid asks what creating a one-off shift would answer
/// before the manager saves it; the answer must be the create route's own, and nothing is written.
@Suite struct CreateShiftPreviewTests {
    @Test func previewPredictsTheCreateRouteAndWritesNothing() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let day3 = TestServer.localDate(in: 3).description
            let day4 = TestServer.localDate(in: 4).description
            _ = try await server.createShift(by: boss, for: anna, inDays: 3, at: "09:00", minutes: 480)

            func body(_ date: String, _ start: String) -> [String: Any] {
                ["ownerId": anna.userID, "date": date, "startTime": start, "durationMinutes": 60, "position": "bar"]
            }
            func shiftCount() async throws -> Int {
                let weeks = try await server.client.json(.GET, "/api/v1/schedule?weeks=2", token: anna.token).jsonArray
                return weeks.flatMap { ($0["shifts"] as? [[String: Any]]) ?? [] }.count
            }

            // Each rule: the preview names it (overridable or not) and the create route answers the same code.
            for (start, code, overridable) in [("12:00", "overlapping_shift", false), ("18:00", "one_shift_per_day", true)] {
                let preview = try await server.client.json(.POST, "/api/v1/shifts/preview", body(day3, start), token: boss.token)
                #expect(preview.status == 200, "\(preview.text)")
                #expect(preview.json["action"] as? String == "create")
                #expect(preview.json["allowed"] as? Bool == false, "\(preview.text)")
                #expect((preview.json["refusal"] as? [String: Any])?["code"] as? String == code, "\(preview.text)")
                #expect(preview.json["overridable"] as? Bool == overridable, "\(preview.text)")
                let conflicting = ((preview.json["effects"] as? [[String: Any]]) ?? []).flatMap { ($0["conflictingShifts"] as? [[String: Any]]) ?? [] }
                #expect(conflicting.contains { $0["startTime"] as? String == "09:00" }, "the clash names anna's own shift: \(preview.text)")
                #expect(try await shiftCount() == 1, "a preview writes nothing")
                let created = try await server.client.json(.POST, "/api/v1/shifts", body(day3, start), token: boss.token)
                #expect(created.status == 409 && created.problemCode == code, "\(created.text)")
            }

            // A free day: allowed, with anna's hours that week going up by the hour.
            let free = try await server.client.json(.POST, "/api/v1/shifts/preview", body(day4, "10:00"), token: boss.token)
            #expect(free.status == 200 && free.json["allowed"] as? Bool == true, "\(free.text)")
            let effect = try #require((free.json["effects"] as? [[String: Any]])?.first, "\(free.text)")
            let before = try #require((effect["hoursBefore"] as? NSNumber)?.doubleValue)
            let after = try #require((effect["hoursAfter"] as? NSNumber)?.doubleValue)
            #expect(after - before == 1, "\(free.text)")
            #expect(try await shiftCount() == 1, "a preview writes nothing")

            // Managers only, and bad input is a 422 like the create route's.
            let employee = try await server.client.json(.POST, "/api/v1/shifts/preview", body(day4, "10:00"), token: anna.token)
            #expect(employee.status == 403, "\(employee.text)")
            let malformed = try await server.client.json(.POST, "/api/v1/shifts/preview", body(day4, "25:99"), token: boss.token)
            #expect(malformed.status == 422 && malformed.problemCode == "validation_failed", "\(malformed.text)")
            let stranger = try await server.client.json(.POST, "/api/v1/shifts/preview",
                                                        ["ownerId": 999_999, "date": day4, "startTime": "10:00", "durationMinutes": 60], token: boss.token)
            #expect(stranger.status == 422, "\(stranger.text)")
        }
    }
}
