import Foundation
import ShiftyTestSupport
import Testing

@Suite struct TimeclockPunchTests {
    @Test func managersEditPunchesAndEveryEditIsAudited() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            // The seed's model: employed since October, every quota day a working day.
            try await server.setEmployment(boss, userID: anna.userID, ["start": "2026-10-01", "worksFixedQuota": true])

            let checkIn = try await server.addPunch(boss, userID: anna.userID, at: "2026-10-05T07:00:00Z", kind: "in", reason: "kiosk was down")
            let checkOut = try await server.addPunch(boss, userID: anna.userID, at: "2026-10-05T15:00:00Z", kind: "out", reason: "kiosk was down")

            // Employees cannot edit, not even their own punches.
            let selfAdd = try await server.client.json(.POST, "/api/v1/punches", ["userID": anna.userID, "at": "2026-10-06T07:00:00Z", "kind": "in", "reason": "me"], token: anna.token)
            #expect(selfAdd.status == 403)
            #expect(try await server.client.json(.PATCH, "/api/v1/punches/\(checkOut)", ["at": "2026-10-05T18:00:00Z", "reason": "x"], token: anna.token).status == 403)

            // A reason is required.
            let noReason = try await server.client.json(.PATCH, "/api/v1/punches/\(checkOut)", ["at": "2026-10-05T16:00:00Z", "reason": "  "], token: boss.token)
            #expect(noReason.status == 422)
            let future = try await server.client.json(.POST, "/api/v1/punches", ["userID": anna.userID, "at": "2099-01-01T00:00:00Z", "kind": "in", "reason": "x"], token: boss.token)
            #expect(future.problemCode == "punch_in_future")

            let moved = try await server.client.json(.PATCH, "/api/v1/punches/\(checkOut)", ["at": "2026-10-05T16:30:00Z", "reason": "stayed for inventory"], token: boss.token)
            #expect(moved.status == 200, "\(moved.text)")
            #expect(moved.json["at"] as? String == "2026-10-05T16:30:00Z")
            #expect(moved.json["localDate"] as? String == "2026-10-05")

            let days = try await server.client.json(.GET, "/api/v1/timeclock/days?from=2026-10-05&to=2026-10-05", token: anna.token)
            let day = try #require((days.json["days"] as? [[String: Any]])?.first)
            #expect(day["workedMinutes"] as? Int == 9 * 60 + 30)
            #expect(day["status"] as? String == "present")
            #expect(day["overtimeMinutes"] as? Int == 90)

            #expect(try await server.client.json(.DELETE, "/api/v1/punches/\(checkIn)?reason=duplicate", token: boss.token).status == 204)
            let afterDelete = try await server.client.json(.GET, "/api/v1/timeclock/days?from=2026-10-05&to=2026-10-05", token: anna.token)
            #expect((afterDelete.json["days"] as? [[String: Any]])?.first?["status"] as? String == "odd_punches")

            let edits = try await server.client.json(.GET, "/api/v1/punch-edits?userID=\(anna.userID)", token: boss.token).jsonArray
            #expect(edits.map { $0["action"] as? String } == ["delete", "move", "add", "add"])
            #expect(edits.allSatisfy { $0["actorID"] as? Int == Int(boss.userID) })
            let deletion = edits[0]
            #expect(deletion["reason"] as? String == "duplicate")
            #expect((deletion["before"] as? [String: Any])?["at"] as? String == "2026-10-05T07:00:00Z")
            #expect(deletion["after"] == nil)
            let move = edits[1]
            #expect((move["before"] as? [String: Any])?["at"] as? String == "2026-10-05T15:00:00Z")
            #expect((move["after"] as? [String: Any])?["at"] as? String == "2026-10-05T16:30:00Z")
            #expect(move["reason"] as? String == "stayed for inventory")

            // Anna sees the edits to her punches; Bram sees neither her punches nor her edits.
            #expect(try await server.client.json(.GET, "/api/v1/punch-edits", token: anna.token).jsonArray.count == 4)
            #expect(try await server.client.json(.GET, "/api/v1/punch-edits", token: bram.token).jsonArray.isEmpty)
            #expect(try await server.client.json(.GET, "/api/v1/punches", token: anna.token).jsonArray.count == 1)
            #expect(try await server.client.json(.GET, "/api/v1/punches?userID=\(anna.userID)", token: bram.token).jsonArray.isEmpty)
            #expect(try await server.client.json(.GET, "/api/v1/timeclock/days?from=2026-10-05&to=2026-10-05&userID=\(anna.userID)", token: bram.token).status == 404)
        }
    }

    @Test func otherWorkplacesGetNotFound() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let punch = try await server.addPunch(boss, userID: anna.userID, at: "2026-10-05T07:00:00Z", kind: "in")
            let other = try await server.createWorkplace()

            #expect(try await server.client.json(.PATCH, "/api/v1/punches/\(punch)", ["kind": "out", "reason": "x"], token: other.token).status == 404)
            #expect(try await server.client.json(.DELETE, "/api/v1/punches/\(punch)?reason=x", token: other.token).status == 404)
            let add = try await server.client.json(.POST, "/api/v1/punches", ["userID": anna.userID, "at": "2026-10-05T08:00:00Z", "kind": "in", "reason": "x"], token: other.token)
            #expect(add.status == 404)
            #expect(try await server.client.json(.GET, "/api/v1/punches?userID=\(anna.userID)", token: other.token).jsonArray.isEmpty)
            #expect(try await server.client.json(.GET, "/api/v1/punch-edits?punchID=\(punch)", token: other.token).jsonArray.isEmpty)
            #expect(try await server.client.json(.GET, "/api/v1/timeclock/days?from=2026-10-01&to=2026-10-31&userID=\(anna.userID)", token: other.token).status == 404)
            #expect(try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10&userID=\(anna.userID)", token: other.token).status == 404)
            #expect(try await server.client.json(.GET, "/api/v1/reports/chart?range=all&userID=\(anna.userID)", token: other.token).status == 404)
            // Still there for its own workplace.
            #expect(try await server.client.json(.GET, "/api/v1/punches", token: boss.token).jsonArray.count == 1)
        }
    }

    @Test func punchHistorySearchesAndSorts() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let zoe = try await server.createEmployee(in: boss, username: "zoe")
            try await server.addPunch(boss, userID: zoe.userID, at: "2026-10-01T07:00:00Z", kind: "in")
            try await server.addPunch(boss, userID: anna.userID, at: "2026-10-02T07:00:00Z", kind: "in")
            try await server.addPunch(boss, userID: anna.userID, at: "2026-10-03T07:00:00Z", kind: "in")

            let newest = try await server.client.json(.GET, "/api/v1/punches", token: boss.token).jsonArray
            #expect(newest.compactMap { $0["at"] as? String } == ["2026-10-03T07:00:00Z", "2026-10-02T07:00:00Z", "2026-10-01T07:00:00Z"])
            let byPerson = try await server.client.json(.GET, "/api/v1/punches?sort=person", token: boss.token).jsonArray
            #expect(byPerson.compactMap { $0["username"] as? String } == ["anna", "anna", "zoe"])
            let search = try await server.client.json(.GET, "/api/v1/punches?search=zo", token: boss.token).jsonArray
            #expect(search.compactMap { $0["username"] as? String } == ["zoe"])
            let range = try await server.client.json(.GET, "/api/v1/punches?from=2026-10-02&to=2026-10-02&sort=oldest", token: boss.token).jsonArray
            #expect(range.compactMap { $0["at"] as? String } == ["2026-10-02T07:00:00Z"])
            #expect(try await server.client.json(.GET, "/api/v1/punches?sort=sideways", token: boss.token).status == 400)
            #expect(try await server.client.json(.GET, "/api/v1/punches?from=yesterday", token: boss.token).status == 400)
        }
    }

    @Test func impossibleTimestampsAreRefusedNotRolledOver() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            for at in ["2026-02-30T07:00:00Z", "2026-02-29T07:00:00Z", "2026-04-31T07:00:00Z", "2026-10-05T24:00:00Z",
                       "2026-10-05T07:60:00Z", "2026-10-05T07:00:61Z", "2026-13-01T07:00:00Z", "2026-10-05 07:00:00Z",
                       "2026-10-05T07:00:00", "2026-10-05T07:00:00+25:00"] {
                let response = try await server.client.json(.POST, "/api/v1/punches", ["userID": anna.userID, "at": at, "kind": "in", "reason": "x"], token: boss.token)
                #expect(response.status == 422, "\(at): \(response.status) \(response.text)")
                #expect((response.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "at", "\(at)")
            }
            let checkIn = try await server.addPunch(boss, userID: anna.userID, at: "2024-02-29T07:00:00+01:00", kind: "in")
            let moved = try await server.client.json(.PATCH, "/api/v1/punches/\(checkIn)", ["at": "2024-02-30T07:00:00Z", "reason": "x"], token: boss.token)
            #expect(moved.status == 422)
            let fraction = try await server.client.json(.PATCH, "/api/v1/punches/\(checkIn)", ["at": "2024-02-29T06:30:00.000Z", "reason": "x"], token: boss.token)
            #expect(fraction.status == 200, "\(fraction.text)")
            #expect(fraction.json["at"] as? String == "2024-02-29T06:30:00Z")
        }
    }
}
