import Foundation
import ShiftyDomain
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// Time off and availability through HTTP against PostgreSQL (issue 16): request → approve → the
/// shift released → picked up by a qualified coworker → approved; declines, withdrawals, the
/// calendar feed and the rules they feed.
@Suite struct TimeOffRouteTests {
    func createShift(
        _ server: TestServer, by boss: TestServer.Account, for owner: TestServer.Account, inDays days: Int, at time: String = "10:00",
        position: String? = nil
    ) async throws -> Int64 {
        var body: [String: Any] = [
            "ownerId": owner.userID, "date": TestServer.localDate(in: days).description, "startTime": time, "durationMinutes": 240,
        ]
        if let position { body["position"] = position }
        let response = try await server.client.json(.POST, "/api/v1/shifts", body, token: boss.token)
        try #require(response.status == 201, "create shift: \(response.status) \(response.text)")
        return Int64(try #require(response.json["id"] as? Int))
    }

    func day(_ days: Int) -> String { TestServer.localDate(in: days).description }

    @Test func approvedTimeOffReleasesTheShiftToQualifiedCoworkersAndBlocksPickUpsUntilWithdrawn() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let chef = try await server.createEmployee(in: boss, username: "chef")
            for (member, positions) in [(bram, ["bar"]), (anna, ["bar"]), (chef, ["kitchen"])] {
                let set = try await server.client.json(
                    .PUT, "/api/v1/users/\(member.userID)/qualifications", ["positions": positions], token: boss.token)
                try #require(set.status == 200, "\(set.text)")
            }
            let barShift = try await createShift(server, by: boss, for: bram, inDays: 5, position: "bar")
            let outside = try await createShift(server, by: boss, for: bram, inDays: 9, position: "bar")
            let annasEvening = try await createShift(server, by: boss, for: anna, inDays: 6, at: "18:00", position: "bar")
            #expect(try await server.act("/shifts/\(annasEvening)/supply", as: anna).status == 200)

            // Bad periods are 422 naming the field.
            let backwards = try await server.act("/time-off", ["firstDate": day(6), "lastDate": day(4)], as: bram)
            #expect(backwards.status == 422 && backwards.problemCode == "validation_failed", "\(backwards.text)")
            let badTime = try await server.act("/time-off", ["firstDate": day(4), "startTime": "25:00"], as: bram)
            #expect(badTime.status == 422, "\(badTime.text)")

            let requested = try await server.act(
                "/time-off", ["firstDate": day(4), "lastDate": day(6), "reason": "Family wedding"], as: bram)
            #expect(requested.status == 201 && requested.json["status"] as? String == "pending", "\(requested.text)")
            let timeOffID = Int64(try #require(requested.json["id"] as? Int))
            #expect(requested.json["startTime"] is NSNull || requested.json["startTime"] == nil)

            // The member and the managers see it; a coworker does not.
            #expect(try await server.client.json(.GET, "/api/v1/time-off", token: anna.token).jsonArray.isEmpty)
            let queue = try await server.client.json(.GET, "/api/v1/time-off?status=pending", token: boss.token).jsonArray
            #expect(queue.compactMap { $0["id"] as? Int } == [Int(timeOffID)])
            let badStatus = try await server.client.json(.GET, "/api/v1/time-off?status=maybe", token: boss.token)
            #expect(badStatus.status == 400 && badStatus.problemCode == "invalid_parameter")

            // Pending time off blocks nothing yet; only a manager approves.
            let previewPending = try await server.client.json(
                .GET, "/api/v1/shifts/\(annasEvening)/preview?action=pick-up", token: bram.token)
            #expect(previewPending.json["refusal"] is NSNull || previewPending.json["refusal"] == nil, "\(previewPending.text)")
            let byBram = try await server.act("/time-off/\(timeOffID)/approve", as: bram)
            #expect(byBram.status == 403 && byBram.problemCode == "manager_only")

            let approved = try await server.act("/time-off/\(timeOffID)/approve", ["note": "Enjoy!"], as: boss)
            #expect(approved.status == 200, "\(approved.text)")
            #expect(approved.json["status"] as? String == "approved" && approved.json["managerNote"] as? String == "Enjoy!")
            #expect(approved.json["releasedShiftIds"] as? [Int] == [Int(barShift)], "only the shift inside the time off")
            let again = try await server.act("/time-off/\(timeOffID)/decline", as: boss)
            #expect(again.status == 409 && again.problemCode == "time_off_not_pending", "\(again.text)")

            // Released like a manager's unassign: on the marketplace, still bram's until a pick-up is approved.
            let released = try await server.shift(barShift, as: boss)
            #expect(released["status"] as? String == "supplied" && released["unassigned"] as? Bool == true)
            #expect(released["ownerId"] as? Int == Int(bram.userID))
            #expect(try await server.shift(outside, as: boss)["status"] as? String == "scheduled")
            let history = try await server.client.json(.GET, "/api/v1/shifts/\(barShift)/history", token: boss.token).jsonArray
            #expect(history.contains { ($0["note"] as? String)?.contains("time off \(timeOffID) approved") == true })

            // The events reached bram and the manager.
            let events = try await server.pool.query(
                "SELECT type, user_ids FROM events WHERE workplace_id = $1 AND type LIKE 'time_off.%' ORDER BY id", [boss.workplaceID])
            #expect(try events.map { try $0.decode("type", as: String.self) } == ["time_off.requested", "time_off.approved"])
            #expect(try events.last?.decode("user_ids", as: [Int64].self) == [boss.userID, bram.userID].sorted())

            // Bram cannot pick up anna's evening shift during his time off (and the preview says why).
            let preview = try await server.client.json(.GET, "/api/v1/shifts/\(annasEvening)/preview?action=pick-up", token: bram.token)
            #expect((preview.json["refusal"] as? [String: Any])?["code"] as? String == "on_time_off", "\(preview.text)")
            let refused = try await server.act("/shifts/\(annasEvening)/pick-up", as: bram)
            #expect(refused.status == 409 && refused.problemCode == "on_time_off", "\(refused.text)")

            // The chef is not qualified for the bar; anna is, picks it up, and the manager approves.
            let chefsMarket = try await server.client.json(.GET, "/api/v1/marketplace", token: chef.token).jsonArray
            #expect(chefsMarket.first { $0["id"] as? Int == Int(barShift) }?["viewerQualified"] as? Bool == false)
            let chefTries = try await server.act("/shifts/\(barShift)/pick-up", as: chef)
            #expect(chefTries.status == 409 && chefTries.problemCode == "not_qualified", "\(chefTries.text)")
            let picked = try await server.act("/shifts/\(barShift)/pick-up", as: anna)
            #expect(picked.status == 201, "\(picked.text)")
            let dealID = try #require(picked.dealID)
            #expect(try await server.act("/deals/\(dealID)/approve", as: boss).status == 200)
            let taken = try await server.shift(barShift, as: boss)
            #expect(taken["ownerId"] as? Int == Int(anna.userID) && taken["status"] as? String == "scheduled")

            // The calendar feed shows the time off as an all-day busy event.
            let path = try await server.enableFeed(as: bram).path
            let calendar = try await server.client.send(.GET, path)
            #expect(calendar.text.contains("UID:time-off-\(timeOffID)@"), "\(calendar.text)")
            #expect(calendar.text.contains("DTSTART;VALUE=DATE:\(day(4).replacingOccurrences(of: "-", with: ""))"))

            // Withdrawn, it no longer blocks: the same pick-up goes through.
            let other = try await server.createEmployee(in: boss, username: "other")
            let notHis = try await server.act("/time-off/\(timeOffID)/withdraw", as: other)
            #expect(notHis.status == 404, "\(notHis.text)")
            let withdrawn = try await server.act("/time-off/\(timeOffID)/withdraw", as: bram)
            #expect(withdrawn.status == 200 && withdrawn.json["status"] as? String == "withdrawn", "\(withdrawn.text)")
            let twice = try await server.act("/time-off/\(timeOffID)/withdraw", as: bram)
            #expect(twice.status == 409 && twice.problemCode == "time_off_not_withdrawable")
            #expect(try await server.act("/shifts/\(annasEvening)/pick-up", as: bram).status == 201)
            let cancelledInFeed = try await server.client.send(.GET, path)
            #expect(cancelledInFeed.text.contains("This time off was withdrawn."))
        }
    }

    @Test func shiftsGeneratedLaterInsideApprovedTimeOffAreReleasedToo() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let requested = try await server.act("/time-off", ["firstDate": day(10), "lastDate": day(11)], as: anna)
            let id = try #require(requested.json["id"] as? Int, "\(requested.text)")
            let approved = try await server.act("/time-off/\(id)/approve", as: boss)
            #expect(approved.json["releasedShiftIds"] as? [Int] == [], "nothing to release yet")

            // A weekly fixed shift made afterwards generates eight weeks, one of them inside the time off.
            // The rulebook refuses that week by default (on_time_off); where the workplace only warns,
            // the fixed shift is saved and the week inside the time off is released.
            let refused = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": TestServer.localDate(in: 10).weekday.isoNumber, "startTime": "10:00", "durationMinutes": 240,
            ], token: anna.token)
            #expect(refused.status == 409 && refused.problemCode == "on_time_off", "\(refused.text)")
            let warn = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["timeOffRule": "warn"]], token: boss.token)
            #expect(warn.status == 200, "\(warn.text)")
            let fixed = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": TestServer.localDate(in: 10).weekday.isoNumber, "startTime": "10:00", "durationMinutes": 240,
            ], token: anna.token)
            #expect(fixed.status == 201, "\(fixed.text)")
            let shifts = try await server.pool.query(
                "SELECT local_date::text AS day, status, unassigned FROM shifts WHERE owner_id = $1 ORDER BY starts_at", [anna.userID])
            let byDay = Dictionary(uniqueKeysWithValues: try shifts.map { (try $0.decode("day", as: String.self), $0) })
            let inside = try #require(byDay[day(10)])
            #expect(try inside.decode("status", as: String.self) == "supplied" && inside.decode("unassigned", as: Bool.self))
            let after = try #require(byDay[day(17)])
            #expect(try after.decode("status", as: String.self) == "scheduled")
        }
    }

    @Test func aDeclinedRequestCarriesTheManagersNoteAndBlocksNothing() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await createShift(server, by: boss, for: bram, inDays: 3)
            let requested = try await server.act(
                "/time-off", ["firstDate": day(3), "startTime": "09:00", "endTime": "13:00", "reason": "Dentist"], as: bram)
            #expect(requested.status == 201 && requested.json["startTime"] as? String == "09:00", "\(requested.text)")
            let id = try #require(requested.json["id"] as? Int)
            let declined = try await server.act("/time-off/\(id)/decline", ["note": "Busy day, sorry"], as: boss)
            #expect(declined.status == 200 && declined.json["status"] as? String == "declined", "\(declined.text)")
            let mine = try await server.client.json(.GET, "/api/v1/time-off", token: bram.token).jsonArray
            #expect(mine.first?["managerNote"] as? String == "Busy day, sorry")
            #expect(try await server.shift(shift, as: boss)["status"] as? String == "scheduled")
            let withdraw = try await server.act("/time-off/\(id)/withdraw", as: bram)
            #expect(withdraw.status == 409 && withdraw.problemCode == "time_off_not_withdrawable")
        }
    }

    @Test func availabilityIsKeptByTheMemberSeenByManagersAndEnforcedOnAssign() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let date = TestServer.localDate(in: 4)
            let weekday = date.weekday.rawValue
            let entries: [[String: Any]] = [
                ["weekday": weekday, "from": "16:00", "to": "00:00", "kind": "unavailable"],
                ["weekday": weekday, "from": "08:00", "to": "12:00", "kind": "preferred"],
            ]
            let byCoworker = try await server.client.json(
                .PUT, "/api/v1/users/\(bram.userID)/availability", ["entries": entries], token: anna.token)
            #expect(byCoworker.status == 403, "\(byCoworker.text)")
            let bad = try await server.client.json(
                .PUT, "/api/v1/users/\(bram.userID)/availability", ["entries": [["weekday": 9, "from": "16:00", "to": "18:00", "kind": "unavailable"]]],
                token: bram.token)
            #expect(bad.status == 422, "\(bad.text)")
            let set = try await server.client.json(.PUT, "/api/v1/users/\(bram.userID)/availability", ["entries": entries], token: bram.token)
            #expect(set.status == 200, "\(set.text)")

            let seen = try await server.client.json(.GET, "/api/v1/availability", token: boss.token).jsonArray
            let brams = try #require(seen.first { $0["userId"] as? Int == Int(bram.userID) })
            #expect((brams["entries"] as? [[String: Any]])?.count == 2)
            #expect(try await server.client.json(.GET, "/api/v1/availability", token: anna.token).jsonArray.count == 1, "only her own")

            let evening = try await createShift(server, by: boss, for: anna, inDays: 4, at: "17:00")
            let refused = try await server.act("/shifts/\(evening)/assign", ["ownerId": bram.userID], as: boss)
            #expect(refused.status == 409 && refused.problemCode == "unavailable", "\(refused.text)")
            let overridden = try await server.act(
                "/shifts/\(evening)/assign", ["ownerId": bram.userID, "override": true, "reason": "He said yes on the phone"], as: boss)
            #expect(overridden.status == 200, "\(overridden.text)")
            let morning = try await createShift(server, by: boss, for: anna, inDays: 4, at: "08:00")
            let settings = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["onePerDay": false]], token: boss.token)
            #expect(settings.status == 200)
            #expect(try await server.act("/shifts/\(morning)/assign", ["ownerId": bram.userID], as: boss).status == 200, "preferred is no rule")
        }
    }
}
