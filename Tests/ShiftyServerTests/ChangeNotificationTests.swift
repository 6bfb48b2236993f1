import Foundation
import ShiftyTestSupport
import Testing

/// Changes people must hear about: a pick-up of my shift, a closed day removing my shift.
@Suite struct ChangeNotificationTests {
    @Test func theGiverHearsOfAPickUpBeforeAnyApproval() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            #expect(try await server.act("/shifts/\(shift)/pick-up", as: bram).status == 201)

            let annas = try await server.client.json(.GET, "/api/v1/notifications", token: anna.token)
            let pickedUp = try #require(annas.jsonArray.first { $0["type"] as? String == "shift.picked_up" })
            let data = try #require(pickedUp["data"] as? [String: Any])
            #expect(data["actorId"] as? Int == Int(bram.userID))
            #expect((data["shiftIds"] as? [Int]) == [Int(shift)])
            // Only the giver: bram did it, nobody else needs it.
            let brams = try await server.client.json(.GET, "/api/v1/notifications", token: bram.token)
            #expect(!brams.jsonArray.contains { $0["type"] as? String == "shift.picked_up" })
        }
    }

    @Test func theSuggesterHearsWhenTheRequesterAcceptsBeforeAnyApproval() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let date = TestServer.localDate(in: 4)
            let posted = try await server.act("/requests", ["dates": [date.description]], as: anna)
            let requestID = try #require((posted.json["requests"] as? [[String: Any]])?.first?["id"] as? Int, "\(posted.text)")
            let bramsShift = try await server.createShift(by: boss, for: bram, inDays: 4)
            #expect(try await server.act("/requests/\(requestID)/suggestions", ["shiftId": bramsShift], as: bram).status == 201)
            #expect(try await server.act("/requests/\(requestID)/suggestions/\(bramsShift)/accept", as: anna).status == 201)
            let brams = try await server.client.json(.GET, "/api/v1/notifications", token: bram.token)
            let accepted = try #require(brams.jsonArray.first { $0["type"] as? String == "shift.picked_up" })
            #expect((accepted["data"] as? [String: Any])?["requestId"] as? Int == requestID)
        }
    }

    @Test func closingADayShowsWhoIsAffectedFirstAndTellsThem() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let day = TestServer.localDate(in: 4)
            let fixed = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "ownerId": anna.userID, "weekday": day.weekday.isoNumber, "startTime": "09:00", "durationMinutes": 480,
            ], token: boss.token)
            #expect(fixed.status == 201, "\(fixed.text)")
            let handMade = try await server.createShift(by: boss, for: bram, inDays: 4, at: "18:00")

            // The preview lists who would lose a shift, and changes nothing.
            let preview = try await server.client.json(.GET, "/api/v1/closed-days/preview?date=\(day)", token: boss.token)
            #expect(preview.status == 200, "\(preview.text)")
            let removed = try #require(preview.json["removed"] as? [[String: Any]])
            #expect(removed.map { $0["ownerName"] as? String } == ["Anna"])
            let kept = try #require(preview.json["kept"] as? [[String: Any]])
            #expect(kept.map { $0["id"] as? Int } == [Int(handMade)])
            #expect(try await server.client.json(.GET, "/api/v1/closed-days/preview?date=\(day)", token: anna.token).status == 403)
            #expect(try await server.client.json(.GET, "/api/v1/closed-days/preview?date=soon", token: boss.token).status == 400)
            let annaShifts = try await server.pool.query(
                "SELECT 1 FROM shifts WHERE owner_id = $1 AND local_date = $2::date AND status <> 'cancelled'", [anna.userID, day.description])
            #expect(annaShifts.count == 1)

            let closed = try await server.client.json(.POST, "/api/v1/closed-days", ["date": day.description, "name": "Renovation"], token: boss.token)
            #expect(closed.status == 201, "\(closed.text)")
            let annas = try await server.client.json(.GET, "/api/v1/notifications", token: anna.token)
            let notice = try #require(annas.jsonArray.first { $0["type"] as? String == "shift.closed_day" })
            let data = try #require(notice["data"] as? [String: Any])
            #expect(data["name"] as? String == "Renovation")
            #expect(data["date"] as? String == day.description)
            #expect((data["removedShifts"] as? [[String: Any]])?.count == 1)
            let brams = try await server.client.json(.GET, "/api/v1/notifications", token: bram.token)
            #expect(!brams.jsonArray.contains { $0["type"] as? String == "shift.closed_day" })
        }
    }
}
