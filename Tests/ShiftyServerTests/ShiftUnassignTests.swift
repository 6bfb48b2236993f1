import Foundation
import ShiftyDomain
@testable import ShiftyFeatures
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// A manager's unassignment through HTTP against PostgreSQL: the shift opens on the marketplace,
/// a coworker picks it up, a manager approves, and generation never brings it back.
@Suite struct ShiftUnassignTests {
    @Test func unassignedShiftIsPickedUpFromTheMarketplaceAndApproved() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let id = try await server.createShift(by: boss, for: anna, inDays: 2)

            let byEmployee = try await server.act("/shifts/\(id)/unassign", as: anna)
            #expect(byEmployee.status == 403 && byEmployee.problemCode == "not_a_manager", "\(byEmployee.text)")
            let other = try await server.createWorkplace()
            let foreign = try await server.act("/shifts/\(id)/unassign", as: other)
            #expect(foreign.status == 404 && foreign.problemCode == "not_found", "\(foreign.text)")
            #expect(try await server.shift(id, as: boss)["status"] as? String == "scheduled", "refusals change nothing")

            let unassigned = try await server.act("/shifts/\(id)/unassign", ["note": "Anna is on leave"], as: boss)
            #expect(unassigned.status == 200, "\(unassigned.text)")
            #expect(unassigned.json["status"] as? String == "supplied")
            #expect(unassigned.json["unassigned"] as? Bool == true)
            let takeBack = try await server.act("/shifts/\(id)/revoke", as: anna)
            #expect(takeBack.status == 409 && takeBack.problemCode == "shift_unassigned", "\(takeBack.text)")
            let market = try await server.client.json(.GET, "/api/v1/marketplace", token: bram.token)
            #expect(market.jsonArray.compactMap { $0["id"] as? Int } == [Int(id)])

            let picked = try await server.act("/shifts/\(id)/pick-up", as: bram)
            #expect(picked.status == 201, "\(picked.text)")
            let dealID = try #require(picked.dealID)
            #expect((picked.json["deal"] as? [String: Any])?["state"] as? String == "pending_approval")
            #expect(try await server.client.json(.GET, "/api/v1/marketplace", token: bram.token).jsonArray.isEmpty)
            let approved = try await server.act("/deals/\(dealID)/approve", as: boss)
            #expect(approved.status == 200, "\(approved.text)")
            let shift = try await server.shift(id, as: bram)
            #expect(shift["ownerId"] as? Int == Int(bram.userID))
            #expect(shift["status"] as? String == "scheduled")
            #expect(shift["unassigned"] as? Bool == false)

            let history = try await server.client.json(.GET, "/api/v1/shifts/\(id)/history", token: boss.token).jsonArray
            let unassignRows = history.filter { $0["action"] as? String == "unassign" }
            #expect(unassignRows.count == 1)
            #expect(unassignRows.first?["from"] as? String == "scheduled" && unassignRows.first?["to"] as? String == "supplied")
            #expect(unassignRows.first?["actorId"] as? Int == Int(boss.userID))
            #expect((unassignRows.first?["note"] as? String)?.contains("Anna is on leave") == true)

            let events = try await server.pool.query(
                "SELECT type, audience, user_ids FROM events WHERE workplace_id = $1 AND type IN ('shift.supplied', 'shift.unassigned') ORDER BY id",
                [boss.workplaceID])
            let types = try events.map { try $0.decode("type", as: String.self) }
            #expect(types == ["shift.supplied", "shift.unassigned"])
            let told = try events.last.map { try $0.decode("user_ids", as: [Int64].self) }
            #expect(told == [anna.userID], "the former owner hears about it")
            let touched = try await server.pool.query("SELECT touched FROM shifts WHERE id = $1", [id])
            #expect(try touched.first?.decode("touched", as: Bool.self) == true)
        }
    }

    @Test func shiftsInPendingDealsPastOrSuggestedAreNotUnassigned() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let annas = try await server.createShift(by: boss, for: anna, inDays: 2)
            let brams = try await server.createShift(by: boss, for: bram, inDays: 3)

            let proposed = try await server.act("/swaps", ["offeredShiftId": annas, "wantedShiftId": brams], as: anna)
            let dealID = try #require(proposed.dealID, "\(proposed.text)")
            for id in [annas, brams] {
                let refused = try await server.act("/shifts/\(id)/unassign", as: boss)
                #expect(refused.status == 409 && refused.problemCode == "shift_in_pending_deal", "\(refused.text)")
                #expect(try await server.shift(id, as: boss)["status"] as? String == "in_deal")
            }
            #expect(try await server.act("/deals/\(dealID)/cancel", as: anna).status == 200)

            // Once the deal is gone the shift may be unassigned; twice is harmless, the shift stays open.
            #expect(try await server.act("/shifts/\(annas)/unassign", as: boss).status == 200)
            let again = try await server.act("/shifts/\(annas)/unassign", as: boss)
            #expect(again.status == 200 && again.json["status"] as? String == "supplied", "\(again.text)")
            // A manager may also give the open shift straight to someone; it leaves the marketplace.
            let assigned = try await server.act("/shifts/\(annas)/assign", ["ownerId": bram.userID], as: boss)
            #expect(assigned.status == 200 && assigned.json["status"] as? String == "scheduled", "\(assigned.text)")
            #expect(assigned.json["ownerId"] as? Int == Int(bram.userID))
            #expect(assigned.json["unassigned"] as? Bool == false)
            #expect(try await server.client.json(.GET, "/api/v1/marketplace", token: anna.token).jsonArray.isEmpty)

            let tooLong = try await server.act("/shifts/\(brams)/unassign", ["note": String(repeating: "x", count: 1001)], as: boss)
            #expect(tooLong.status == 422 && tooLong.problemCode == "note_too_long")

            #expect(try await server.client.json(.DELETE, "/api/v1/shifts/\(brams)", token: boss.token).status == 204)
            let cancelled = try await server.act("/shifts/\(brams)/unassign", as: boss)
            #expect(cancelled.status == 409 && cancelled.problemCode == "shift_cancelled")
            #expect(try await server.act("/shifts/999999999/unassign", as: boss).status == 404)
        }
    }

    @Test func generationNeverRecreatesAnUnassignedOccurrence() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let weekday = TestServer.localDate(in: 1).weekday.isoNumber
            let created = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": weekday, "startTime": "09:00", "durationMinutes": 240,
            ], token: anna.token)
            let fixedID = Int64(try #require(created.json["id"] as? Int, "\(created.text)"))
            let ids = try await server.pool.query(
                "SELECT id FROM shifts WHERE fixed_shift_id = $1 ORDER BY local_date", [fixedID]
            ).map { try $0.decode("id", as: Int64.self) }
            try #require(ids.count >= 2)
            #expect(try await server.act("/shifts/\(ids[0])/unassign", as: boss).status == 200)

            // Editing the rule moves the other occurrences; the unassigned one stays open at 09:00.
            let edited = try await server.client.json(.PATCH, "/api/v1/fixed-shifts/\(fixedID)", ["startTime": "11:00"], token: anna.token)
            #expect(edited.status == 200, "\(edited.text)")
            _ = try await ScheduleMaintenanceService.generateOnce(pool: server.pool, asOf: Date())
            let first = try await server.shift(ids[0], as: boss)
            #expect(first["status"] as? String == "supplied" && first["startTime"] as? String == "09:00", "\(first)")
            let others = try await server.pool.query(
                """
                SELECT to_char(starts_at AT TIME ZONE 'Europe/Amsterdam', 'HH24:MI') AS t FROM shifts
                WHERE fixed_shift_id = $1 AND id <> $2 AND status <> 'cancelled'
                """,
                [fixedID, ids[0]]
            ).map { try $0.decode("t", as: String.self) }
            #expect(!others.isEmpty && others.allSatisfy { $0 == "11:00" }, "untouched occurrences follow the rule: \(others)")
            let count = try await server.pool.query(
                "SELECT count(*)::bigint AS n FROM shifts WHERE fixed_shift_id = $1 AND local_date = (SELECT local_date FROM shifts WHERE id = $2)",
                [fixedID, ids[0]])
            #expect(try count.first?.decode("n", as: Int64.self) == 1, "no second occurrence for the former owner")

            // Ending the rule removes untouched future occurrences, never the unassigned one.
            #expect(try await server.client.json(.DELETE, "/api/v1/fixed-shifts/\(fixedID)", token: anna.token).status == 204)
            #expect(try await server.shift(ids[0], as: boss)["status"] as? String == "supplied")
        }
    }
}
