import Foundation
import ShiftyDomain
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// Every manager route and every trade through the one rulebook, over HTTP against PostgreSQL:
/// for each rule one refusal per route, the override recorded where the rule allows one, and the
/// preview predicting each answer.
@Suite struct RulebookRouteTests {
    /// The defect: a manager assigned chloe's shift to anna on a day anna works 09:00–17:00 and
    /// anna had two overlapping shifts (the assign route answered 200).
    @Test func assigningAShiftOnADayTheMemberWorksIsRefused() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let chloe = try await server.createEmployee(in: boss, username: "chloe")
            _ = try await server.createShift(by: boss, for: anna, inDays: 3, at: "09:00", minutes: 480)
            let chloes = try await server.createShift(by: boss, for: chloe, inDays: 3, at: "12:00", minutes: 240)
            let refused = try await server.act("/shifts/\(chloes)/assign", ["ownerId": anna.userID], as: boss)
            #expect(refused.status == 409 && refused.problemCode == "overlapping_shift", "\(refused.status) \(refused.text)")
            #expect((refused.json["title"] as? String)?.isEmpty == false, "every refusal has a title")
            #expect(try await server.shift(chloes, as: boss)["ownerId"] as? Int == Int(chloe.userID), "nothing changed")
            let schedule = try await server.client.json(.GET, "/api/v1/schedule?weeks=2", token: anna.token).jsonArray
            #expect(schedule.flatMap { ($0["shifts"] as? [[String: Any]]) ?? [] }.count == 1)
        }
    }

    @Test func everyRouteRefusesForEveryRuleAndRecordsOverrides() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let chloe = try await server.createEmployee(in: boss, username: "chloe")
            let dora = try await server.createEmployee(in: boss, username: "dora")
            let day3 = TestServer.localDate(in: 3).description
            _ = try await server.createShift(by: boss, for: anna, inDays: 3, at: "09:00", minutes: 480)
            let annasOther = try await server.createShift(by: boss, for: anna, inDays: 5, at: "09:00", minutes: 240)
            // One incoming shift per rule: chloe's overlaps anna's day, dora's is later the same day.
            let incoming = [
                ("overlapping_shift", try await server.createShift(by: boss, for: chloe, inDays: 3, at: "12:00", minutes: 120), chloe),
                ("one_shift_per_day", try await server.createShift(by: boss, for: dora, inDays: 3, at: "18:00", minutes: 120), dora),
            ]
            var predicted: Set<String> = []

            /// Asks the preview first, then does the action: both must give `code`.
            func refused(
                _ preview: String, _ code: String, as account: TestServer.Account, _ action: () async throws -> TestHTTPClient.Response
            ) async throws {
                let answer = try await server.client.json(.GET, "/api/v1/shifts/\(preview)", token: account.token)
                #expect(answer.status == 200, "\(preview): \(answer.text)")
                let predictedCode = (answer.json["refusal"] as? [String: Any])?["code"] as? String
                #expect(predictedCode == code, "\(preview): \(answer.text)")
                #expect((answer.json["rules"] as? [[String: Any]])?.contains { $0["code"] as? String == code } == true, "\(preview)")
                let response = try await action()
                #expect(response.problemCode == code && response.status == 409, "\(preview): \(response.status) \(response.text)")
                if predictedCode == response.problemCode { predicted.insert(code) }
            }

            for (code, shift, owner) in incoming {
                // A manager's one-off shift and assignment.
                let start = code == "overlapping_shift" ? "12:00" : "18:00"
                let create = try await server.client.json(.POST, "/api/v1/shifts", [
                    "ownerId": anna.userID, "date": day3, "startTime": start, "durationMinutes": 60,
                ], token: boss.token)
                #expect(create.status == 409 && create.problemCode == code, "create: \(create.text)")
                try await refused("\(shift)/preview?action=assign&ownerId=\(anna.userID)", code, as: boss) {
                    try await server.act("/shifts/\(shift)/assign", ["ownerId": anna.userID], as: boss)
                }
                // Trades: pick-up, swap, accepting a suggestion.
                #expect(try await server.act("/shifts/\(shift)/supply", as: owner).status == 200)
                try await refused("\(shift)/preview?action=pick-up", code, as: anna) {
                    try await server.act("/shifts/\(shift)/pick-up", as: anna)
                }
                #expect(try await server.act("/shifts/\(shift)/revoke", as: owner).status == 200)
                try await refused("\(shift)/preview?action=swap&offeredShiftId=\(annasOther)", code, as: anna) {
                    try await server.act("/swaps", ["offeredShiftId": annasOther, "wantedShiftId": shift], as: anna)
                }
                let posted = try await server.act("/requests", ["dates": [day3]], as: anna)
                let requestID = try #require((posted.json["requests"] as? [[String: Any]])?.first?["id"] as? Int, "\(posted.text)")
                #expect(try await server.act("/requests/\(requestID)/suggestions", ["shiftId": shift], as: owner).status == 201)
                try await refused("\(shift)/preview?action=accept-suggestion", code, as: anna) {
                    try await server.act("/requests/\(requestID)/suggestions/\(shift)/accept", as: anna)
                }
                #expect(try await server.client.json(.DELETE, "/api/v1/shifts/\(shift)/suggestion", token: owner.token).status == 200)
                #expect(try await server.client.json(.DELETE, "/api/v1/requests/\(requestID)", token: anna.token).status == 200)
            }

            // Approval re-checks: anna picks up shifts on other days, then gets a shift there the way
            // generation would give it (rows written directly), and the manager's approval is refused.
            for (code, owner, days, start) in [("overlapping_shift", chloe, 6, "12:00"), ("one_shift_per_day", dora, 7, "18:00")] {
                let shift = try await server.createShift(by: boss, for: owner, inDays: days, at: start, minutes: 120)
                #expect(try await server.act("/shifts/\(shift)/supply", as: owner).status == 200)
                let dealID = try #require(try await server.act("/shifts/\(shift)/pick-up", as: anna).dealID)
                try await server.pool.execute(
                    """
                    INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, touched)
                    SELECT workplace_id, $2, local_date, date_trunc('day', starts_at) + interval '7 hours',
                           date_trunc('day', starts_at) + interval '15 hours', true
                    FROM shifts WHERE id = $1
                    """, [shift, anna.userID])
                try await refused("\(shift)/preview?action=approve", code, as: boss) {
                    try await server.act("/deals/\(dealID)/approve", as: boss)
                }
                let overridden = try await server.act(
                    "/deals/\(dealID)/approve", ["override": true, "reason": "Anna asked for both"], as: boss)
                if code == "one_shift_per_day" {
                    #expect(overridden.status == 200, "\(overridden.text)")
                    try await expectOverrideRecorded(on: shift, reason: "Anna asked for both", by: boss, server: server)
                } else {
                    #expect(overridden.status == 409 && overridden.problemCode == code, "not overridable: \(overridden.text)")
                }
            }
            // The positions and hour-limit rules have their own route tests (QualificationAndHourLimitRouteTests).
            #expect(predicted == [ScheduleRule.noOverlap.code.rawValue, ScheduleRule.onePerDay.code.rawValue])

            // The counterparty accepting a swap re-checks the rules too.
            for (code, owner, days, start) in [("overlapping_shift", chloe, 8, "12:00"), ("one_shift_per_day", dora, 9, "18:00")] {
                let wanted = try await server.createShift(by: boss, for: owner, inDays: days, at: start, minutes: 120)
                let proposed = try await server.act("/swaps", ["offeredShiftId": annasOther, "wantedShiftId": wanted], as: anna)
                let dealID = try #require(proposed.dealID, "\(proposed.text)")
                try await server.pool.execute(
                    """
                    INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, touched)
                    SELECT workplace_id, $2, local_date, date_trunc('day', starts_at) + interval '7 hours',
                           date_trunc('day', starts_at) + interval '15 hours', true
                    FROM shifts WHERE id = $1
                    """, [wanted, anna.userID])
                let accepted = try await server.act("/deals/\(dealID)/accept", as: owner)
                #expect(accepted.status == 409 && accepted.problemCode == code, "accept swap: \(accepted.text)")
                #expect(try await server.act("/deals/\(dealID)/cancel", as: anna).status == 200)
            }

            // Overrides: only for overridable rules, only with a reason, recorded in history and as an event.
            let overlapping = incoming[0].1, sameDay = incoming[1].1
            let notOverridable = try await server.act(
                "/shifts/\(overlapping)/assign", ["ownerId": anna.userID, "override": true, "reason": "double"], as: boss)
            #expect(notOverridable.status == 409 && notOverridable.problemCode == "overlapping_shift")
            let noReason = try await server.act("/shifts/\(sameDay)/assign", ["ownerId": anna.userID, "override": true], as: boss)
            #expect(noReason.status == 422 && noReason.problemCode == "override_reason_required", "\(noReason.text)")
            let preview = try await server.client.json(
                .GET, "/api/v1/shifts/\(sameDay)/preview?action=assign&ownerId=\(anna.userID)", token: boss.token)
            #expect(preview.json["overridable"] as? Bool == true && preview.json["allowed"] as? Bool == false, "\(preview.text)")
            let assigned = try await server.act(
                "/shifts/\(sameDay)/assign", ["ownerId": anna.userID, "override": true, "reason": "Dora is ill, Anna stays late"], as: boss)
            #expect(assigned.status == 200 && assigned.json["ownerId"] as? Int == Int(anna.userID), "\(assigned.text)")
            try await expectOverrideRecorded(on: sameDay, reason: "Dora is ill, Anna stays late", by: boss, server: server)

            let created = try await server.client.json(.POST, "/api/v1/shifts", [
                "ownerId": anna.userID, "date": TestServer.localDate(in: 5).description, "startTime": "18:00", "durationMinutes": 60,
                "override": true, "reason": "stocktaking",
            ], token: boss.token)
            #expect(created.status == 201, "\(created.text)")
            try await expectOverrideRecorded(on: Int64(try #require(created.json["id"] as? Int)), reason: "stocktaking", by: boss, server: server)
        }
    }

    func expectOverrideRecorded(on shiftID: Int64, reason: String, by manager: TestServer.Account, server: TestServer) async throws {
        let history = try await server.client.json(.GET, "/api/v1/shifts/\(shiftID)/history", token: manager.token).jsonArray
        let row = history.first { ($0["note"] as? String)?.contains("rule overridden: one_shift_per_day") == true }
        #expect(row?["actorId"] as? Int == Int(manager.userID), "\(history)")
        #expect((row?["note"] as? String)?.contains(reason) == true)
        let events = try await server.pool.query(
            "SELECT audience, payload::text AS payload FROM events WHERE type = 'shift.rule_overridden' AND payload->'shiftIds' @> to_jsonb($1::bigint)",
            [shiftID])
        #expect(events.count == 1)
        let payload = try events.first.map { try $0.decode("payload", as: String.self) } ?? ""
        #expect(payload.contains("one_shift_per_day") && payload.contains(reason), "\(payload)")
        #expect(try events.first?.decode("audience", as: String.self) == "managers")
    }

    /// The preview and the action share one code path: for every refusal reachable from a
    /// previewable action, the preview's `refusal.code` is what the action then answers.
    @Test func thePreviewPredictsTheActionsAnswer() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let cato = try await server.createEmployee(in: boss, username: "cato")
            let annas = try await server.createShift(by: boss, for: anna, inDays: 2)
            let brams = try await server.createShift(by: boss, for: bram, inDays: 4)
            let catos = try await server.createShift(by: boss, for: cato, inDays: 6)
            #expect(try await server.act("/shifts/\(annas)/supply", as: anna).status == 200)

            var seen: [String] = []
            func check(_ preview: String, as account: TestServer.Account, _ action: () async throws -> TestHTTPClient.Response) async throws {
                let answer = try await server.client.json(.GET, "/api/v1/shifts/\(preview)", token: account.token)
                try #require(answer.status == 200, "\(preview): \(answer.text)")
                let predicted = (answer.json["refusal"] as? [String: Any])?["code"] as? String ?? "ok"
                let response = try await action()
                let actual = response.status < 300 ? "ok" : response.problemCode ?? "\(response.status)"
                #expect(predicted == actual, "\(preview): preview \(predicted), action \(actual) \(response.text)")
                seen.append(actual)
            }
            try await check("\(annas)/preview?action=pick-up", as: anna) { try await server.act("/shifts/\(annas)/pick-up", as: anna) }
            try await check("\(brams)/preview?action=pick-up", as: anna) { try await server.act("/shifts/\(brams)/pick-up", as: anna) }
            try await check("999999/preview?action=pick-up", as: anna) { try await server.act("/shifts/999999/pick-up", as: anna) }
            try await check("\(brams)/preview?action=swap&offeredShiftId=\(brams)", as: bram) {
                try await server.act("/swaps", ["offeredShiftId": brams, "wantedShiftId": brams], as: bram)
            }
            try await check("\(brams)/preview?action=approve", as: boss) { try await server.act("/deals/999999/approve", as: boss) }
            try await check("\(brams)/preview?action=accept-suggestion", as: anna) {
                try await server.act("/requests/1/suggestions/\(brams)/accept", as: anna)
            }
            try await server.pool.execute("UPDATE users SET active = false WHERE id = $1", [cato.userID])
            try await check("\(brams)/preview?action=assign&ownerId=\(cato.userID)", as: boss) {
                try await server.act("/shifts/\(brams)/assign", ["ownerId": cato.userID], as: boss)
            }
            try await check("\(annas)/preview?action=pick-up", as: bram) { try await server.act("/shifts/\(annas)/pick-up", as: bram) }
            let dealID = try #require((try await server.client.json(.GET, "/api/v1/deals/approvals", token: boss.token)).jsonArray.first?["id"] as? Int)
            try await check("\(annas)/preview?action=approve", as: anna) { try await server.act("/deals/\(dealID)/approve", as: anna) }
            try await check("\(annas)/preview?action=approve", as: boss) { try await server.act("/deals/\(dealID)/approve", as: boss) }
            try await check("\(catos)/preview?action=assign&ownerId=\(bram.userID)", as: boss) {
                try await server.act("/shifts/\(catos)/assign", ["ownerId": bram.userID], as: boss)
            }
            #expect(Set(seen).isSuperset(of: [
                "ok", "own_shift", "shift_not_supplied", "not_found", "swap_with_own_shift",
                "shift_not_suggested", "counterparty_inactive", "not_a_manager",
            ]), "\(seen)")

            // Bad preview requests are clear problems, never a 500.
            let unknown = try await server.client.json(.GET, "/api/v1/shifts/\(annas)/preview?action=steal", token: anna.token)
            #expect(unknown.status == 400 && unknown.problemCode == "invalid_parameter")
            let noOwner = try await server.client.json(.GET, "/api/v1/shifts/\(annas)/preview?action=assign", token: boss.token)
            #expect(noOwner.status == 400 && noOwner.problemCode == "invalid_parameter")
            let byEmployee = try await server.client.json(
                .GET, "/api/v1/shifts/\(annas)/preview?action=assign&ownerId=\(anna.userID)", token: anna.token)
            #expect(byEmployee.status == 403)
        }
    }
}
