import Foundation
import ShiftyDomain
@testable import ShiftyFeatures
@testable import ShiftyNotifications
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// Fixed shifts meet the rulebook, through HTTP against PostgreSQL: every fixed-shift add or change
/// (an employee's, a manager's, a request's approval) is checked week by week like any other shift,
/// with the preview first and a manager's override with a reason; generation skips the weeks the
/// rules refuse and tells the managers once; a decided request keeps its "before".
@Suite struct FixedShiftRuleTests {
    /// A fresh workplace with anna, an employee who manages her own fixed shifts (the default).
    static func workplace(_ server: TestServer) async throws -> (boss: TestServer.Account, anna: TestServer.Account) {
        let boss = try await server.createWorkplace()
        let anna = try await server.createEmployee(in: boss, username: "anna")
        return (boss, anna)
    }

    static func settings(_ settings: [String: Any], _ server: TestServer, boss: TestServer.Account) async throws {
        let saved = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": settings], token: boss.token)
        try #require(saved.status == 200, "settings: \(saved.text)")
    }

    static func fixedShiftCount(_ server: TestServer, owner: TestServer.Account) async throws -> Int {
        Int(try await server.pool.query(
            "SELECT count(*) AS n FROM fixed_shifts WHERE owner_id = $1 AND ended_at IS NULL", [owner.userID]
        )[0].decode("n", as: Int64.self))
    }

    /// A fixed shift on the weekday `days` from today (its week that day is among the eight generated).
    static func body(inDays days: Int, at start: String = "10:00", minutes: Int = 240, position: String? = nil) -> [String: Any] {
        var body: [String: Any] = ["weekday": TestServer.localDate(in: days).weekday.isoNumber, "startTime": start, "durationMinutes": minutes]
        if let position { body["position"] = position }
        return body
    }

    /// Each way the issue named: an overlapping, over-limit, unqualified or time-off fixed shift was
    /// accepted from an employee before; now the preview names the week and the save answers 409.
    @Test func anEmployeeCannotGiveThemselvesAFixedShiftTheRulesRefuse() async throws {
        try await TestServer.with { server in
            typealias Setup = (TestServer, TestServer.Account, TestServer.Account) async throws -> Void
            let cases: [(String, Int, [String: Any], Setup)] = [
                ("overlapping_shift", 9, Self.body(inDays: 9), { server, boss, anna in
                    _ = try await server.createShift(by: boss, for: anna, inDays: 9, at: "12:00", minutes: 240)
                }),
                ("weekly_hours_exceeded", 10, Self.body(inDays: 10, minutes: 480), { server, boss, _ in
                    try await Self.settings(["hourLimits": ["maxWeeklyHours": ["limit": 6]]], server, boss: boss)
                }),
                ("not_qualified", 11, Self.body(inDays: 11, position: "bar"), { server, boss, _ in
                    // A coworker's qualification makes the workplace track "bar".
                    let bram = try await server.createEmployee(in: boss, username: "bram")
                    let set = try await server.client.json(
                        .PUT, "/api/v1/users/\(bram.userID)/qualifications", ["positions": ["bar"]], token: boss.token)
                    try #require(set.status == 200, "\(set.text)")
                }),
                ("on_time_off", 12, Self.body(inDays: 12), { server, boss, anna in
                    let day = TestServer.localDate(in: 12).description
                    let asked = try await server.act("/time-off", ["firstDate": day, "lastDate": day], as: anna)
                    let id = try #require(asked.json["id"] as? Int, "\(asked.text)")
                    try #require(try await server.act("/time-off/\(id)/approve", as: boss).status == 200)
                }),
            ]
            for (code, days, body, setup) in cases {
                let (boss, anna) = try await Self.workplace(server)
                try await setup(server, boss, anna)
                let date = TestServer.localDate(in: days).description

                let preview = try await server.client.json(.POST, "/api/v1/fixed-shifts/preview", body, token: anna.token)
                #expect(preview.status == 200, "\(code): \(preview.text)")
                #expect(preview.json["allowed"] as? Bool == false, "\(code): \(preview.text)")
                #expect((preview.json["refusal"] as? [String: Any])?["code"] as? String == code, "\(code): \(preview.text)")
                #expect(preview.json["overridable"] as? Bool == false, "an employee cannot override: \(preview.text)")
                let rules = (preview.json["rules"] as? [[String: Any]]) ?? []
                #expect(rules.contains { $0["code"] as? String == code && $0["date"] as? String == date }, "\(code) names \(date): \(preview.text)")
                #expect(((preview.json["dates"] as? [String]) ?? []).contains(date))

                let saved = try await server.client.json(.POST, "/api/v1/fixed-shifts", body, token: anna.token)
                #expect(saved.status == 409 && saved.problemCode == code, "\(code): \(saved.text)")
                let firstWeek = try #require(rules.first { $0["code"] as? String == code }?["date"] as? String)
                #expect((saved.json["detail"] as? String)?.contains(firstWeek) == true, "the refusal names the first refused week: \(saved.text)")
                #expect(try await Self.fixedShiftCount(server, owner: anna) == 0, "\(code): nothing saved")
                let override = try await server.client.json(
                    .POST, "/api/v1/fixed-shifts", body.merging(["override": true, "reason": "I really can"]) { $1 }, token: anna.token)
                #expect(override.status == 403 && override.problemCode == "not_a_manager", "\(code): \(override.text)")

                // A change into the same trouble is refused too; the fixed shift stays as it was.
                let harmless = try await server.client.json(
                    .POST, "/api/v1/fixed-shifts", Self.body(inDays: days + 1, at: "20:00", minutes: 60), token: anna.token)
                let id = try #require(harmless.json["id"] as? Int, "\(code): \(harmless.text)")
                let changed = try await server.client.json(.PATCH, "/api/v1/fixed-shifts/\(id)", body, token: anna.token)
                #expect(changed.status == 409 && changed.problemCode == code, "\(code) on change: \(changed.text)")
                let editPreview = try await server.client.json(.POST, "/api/v1/fixed-shifts/\(id)/preview", body, token: anna.token)
                #expect((editPreview.json["refusal"] as? [String: Any])?["code"] as? String == code, "\(editPreview.text)")
                let kept = try await server.client.json(.GET, "/api/v1/fixed-shifts", token: anna.token).jsonArray
                #expect(kept.count == 1 && kept.first?["startTime"] as? String == "20:00", "\(code): \(kept)")
            }
        }
    }

    @Test func aFreeFixedShiftIsAllowedAndWarningsFollowTheWorkplacesSetting() async throws {
        try await TestServer.with { server in
            let (boss, anna) = try await Self.workplace(server)
            let free = try await server.client.json(.POST, "/api/v1/fixed-shifts/preview", Self.body(inDays: 3), token: anna.token)
            #expect(free.json["allowed"] as? Bool == true && (free.json["rules"] as? [Any])?.isEmpty == true, "\(free.text)")
            #expect((free.json["dates"] as? [String])?.count == 8, "\(free.text)")

            // Approved time off only warns where the workplace says so: saved, with the warning shown first.
            try await Self.settings(["timeOffRule": "warn"], server, boss: boss)
            let day = TestServer.localDate(in: 5).description
            let asked = try await server.act("/time-off", ["firstDate": day, "lastDate": day], as: anna)
            #expect(try await server.act("/time-off/\(try #require(asked.json["id"] as? Int))/approve", as: boss).status == 200)
            let warned = try await server.client.json(.POST, "/api/v1/fixed-shifts/preview", Self.body(inDays: 5), token: anna.token)
            #expect(warned.json["allowed"] as? Bool == true, "\(warned.text)")
            let rules = (warned.json["rules"] as? [[String: Any]]) ?? []
            #expect(rules.map { "\($0["code"] ?? "") \($0["severity"] ?? "") \($0["date"] ?? "")" } == ["on_time_off warn \(day)"], "\(warned.text)")
            let saved = try await server.client.json(.POST, "/api/v1/fixed-shifts", Self.body(inDays: 5), token: anna.token)
            #expect(saved.status == 201, "\(saved.text)")
        }
    }

    @Test func aManagerMayOverrideWithAReasonAndItsWeeksAreGenerated() async throws {
        try await TestServer.with { server in
            let (boss, anna) = try await Self.workplace(server)
            let bram = try await server.createEmployee(in: boss, username: "bram")
            _ = try await server.client.json(.PUT, "/api/v1/users/\(bram.userID)/qualifications", ["positions": ["bar"]], token: boss.token)
            var body = Self.body(inDays: 4, position: "bar")
            body["ownerId"] = anna.userID

            let refused = try await server.client.json(.POST, "/api/v1/fixed-shifts", body, token: boss.token)
            #expect(refused.status == 409 && refused.problemCode == "not_qualified", "\(refused.text)")
            let preview = try await server.client.json(.POST, "/api/v1/fixed-shifts/preview", body, token: boss.token)
            #expect(preview.json["allowed"] as? Bool == false && preview.json["overridable"] as? Bool == true, "\(preview.text)")
            let noReason = try await server.client.json(
                .POST, "/api/v1/fixed-shifts", body.merging(["override": true, "reason": "  "]) { $1 }, token: boss.token)
            #expect(noReason.status == 422 && noReason.problemCode == "override_reason_required", "\(noReason.text)")

            let saved = try await server.client.json(
                .POST, "/api/v1/fixed-shifts", body.merging(["override": true, "reason": "Trained on Friday"]) { $1 }, token: boss.token)
            #expect(saved.status == 201, "\(saved.text)")
            let id = try #require(saved.json["id"] as? Int)
            let weeks = try await server.pool.query("SELECT count(*) AS n FROM shifts WHERE fixed_shift_id = $1", [Int64(id)])[0]
                .decode("n", as: Int64.self)
            #expect(weeks == 8, "generation keeps the weeks the manager set the rule aside for")
            let history = try await server.pool.query(
                "SELECT action, actor_id, note FROM shift_history WHERE subject_type = 'fixed_shift' AND subject_id = $1 ORDER BY id",
                [Int64(id)])
            let override = try #require(try history.first { try $0.decode("action", as: String.self) == "override" })
            #expect(try override.decode("actor_id", as: Int64.self) == boss.userID)
            let note = try override.decode("note", as: String.self)
            #expect(note.contains("not_qualified") && note.contains("Trained on Friday"), "\(note)")
            let event = try await server.pool.query(
                "SELECT payload->>'overrideReason' AS why, (payload->>'fixedShiftId')::bigint AS id FROM events WHERE workplace_id = $1 AND type = 'shift.rule_overridden'",
                [boss.workplaceID])
            #expect(try event.map { "\(try $0.decode("id", as: Int64.self)) \(try $0.decode("why", as: String.self))" } == ["\(id) Trained on Friday"])

            // Nobody can be in two places at once: an overlap refuses even a manager's override.
            var clash = Self.body(inDays: 4, at: "12:00")
            clash.merge(["ownerId": anna.userID, "override": true, "reason": "Double shift"]) { $1 }
            let overlap = try await server.client.json(.POST, "/api/v1/fixed-shifts", clash, token: boss.token)
            #expect(overlap.status == 409 && overlap.problemCode == "overlapping_shift", "\(overlap.text)")
        }
    }

    @Test func approvingARequestChecksTheRulesWithTheManagersOverride() async throws {
        try await TestServer.with { server in
            let (boss, anna) = try await Self.workplace(server)
            let bram = try await server.createEmployee(in: boss, username: "bram")
            _ = try await server.client.json(.PUT, "/api/v1/users/\(bram.userID)/qualifications", ["positions": ["bar"]], token: boss.token)
            try await FixedShiftRequestTests.employeesManage(false, server, boss: boss)
            let asked = try await server.act("/fixed-shift-requests", Self.body(inDays: 4, position: "bar").merging(["kind": "add"]) { $1 }, as: anna)
            let id = try #require(asked.json["id"] as? Int, "\(asked.text)")

            let preview = try await server.act("/fixed-shift-requests/\(id)/approve/preview", as: boss)
            #expect(preview.status == 200 && preview.json["action"] as? String == "approve", "\(preview.text)")
            #expect((preview.json["refusal"] as? [String: Any])?["code"] as? String == "not_qualified" && preview.json["overridable"] as? Bool == true)
            #expect(try await server.act("/fixed-shift-requests/\(id)/approve/preview", as: anna).status == 403)

            let refused = try await server.act("/fixed-shift-requests/\(id)/approve", ["note": "ok"], as: boss)
            #expect(refused.status == 409 && refused.problemCode == "not_qualified", "\(refused.text)")
            let still = try await server.client.json(.GET, "/api/v1/fixed-shift-requests", token: anna.token).jsonArray
            #expect(still.first?["status"] as? String == "pending", "a refused approval changes nothing")

            let approved = try await server.act(
                "/fixed-shift-requests/\(id)/approve", ["note": "ok", "override": true, "reason": "Bar training booked"], as: boss)
            #expect(approved.status == 200 && approved.json["status"] as? String == "approved", "\(approved.text)")
            #expect(try await Self.fixedShiftCount(server, owner: anna) == 1)
        }
    }

    /// Rules inserted around the API (as an older version allowed) meet the rulebook at generation:
    /// the refused week is left out, the managers hear of it once, and it is created once allowed.
    @Test func generationSkipsARefusedWeekAndTellsTheManagersOnce() async throws {
        try await TestServer.with { server in
            let (boss, anna) = try await Self.workplace(server)
            let zone = TestServer.amsterdam
            let rule = try await GenerationTests.insertRule(
                workplaceID: boss.workplaceID, owner: anna.userID, weekday: .monday, start: "09:00", minutes: 480, pool: server.pool)
            let blocker = try await server.createShift(by: boss, ownerID: anna.userID, on: "2027-06-14", at: "12:00", minutes: 240)
            let now = GenerationTests.noon("2027-06-02", zone)
            func generate() async throws -> Int {
                try await server.pool.withConnection { try ScheduleGenerator.generate(asOf: now, workplaceID: boss.workplaceID, on: $0) }
            }
            func skippedEvents() async throws -> [(users: [Int64], payload: String)] {
                try await server.pool.query(
                    "SELECT user_ids, payload::text AS payload FROM events WHERE workplace_id = $1 AND type = 'fixed_shift.week_skipped' ORDER BY id",
                    [boss.workplaceID]
                ).map { (try $0.decode("user_ids"), try $0.decode("payload")) }
            }

            #expect(try await generate() == 7, "eight Mondays, one refused")
            let dates = try await GenerationTests.generated(fixedShiftID: rule.id, from: "2027-06-02", pool: server.pool).map(\.date.description)
            #expect(!dates.contains("2027-06-14") && dates.count == 7)
            var events = try await skippedEvents()
            #expect(events.count == 1 && events.first?.users == [boss.userID], "to the managers")
            let payload = try #require(events.first.flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.payload.utf8)) as? [String: Any]
            })
            let week = try #require((payload["skipped"] as? [[String: Any]])?.first)
            #expect(week["date"] as? String == "2027-06-14" && week["userName"] as? String == "Anna" && week["startTime"] as? String == "09:00")
            #expect(week["rules"] as? [String] == ["overlapping_shift", "one_shift_per_day"], "\(week)")

            // In the manager's language.
            let english = NotificationText.of(type: .server(.fixedShiftWeekSkipped), payload: payload, language: .english)
            #expect(english.subject.contains("Anna") && english.body.contains("It overlaps another shift"), "\(english)")
            let dutch = NotificationText.of(type: .server(.fixedShiftWeekSkipped), payload: payload, language: .dutch)
            #expect(dutch.subject.hasPrefix("Niet ingeroosterd") && dutch.body.contains("Dit overlapt met een andere dienst"), "\(dutch)")

            // Every run checks the week again; the managers are not told twice.
            #expect(try await generate() == 0)
            events = try await skippedEvents()
            #expect(events.count == 1, "once per skipped week")

            // Once the clash is gone, the week is created.
            #expect(try await server.client.json(.DELETE, "/api/v1/shifts/\(blocker)", token: boss.token).status == 204)
            #expect(try await generate() == 1)
            let all = try await GenerationTests.generated(fixedShiftID: rule.id, from: "2027-06-02", pool: server.pool).map(\.date.description)
            #expect(all.contains("2027-06-14") && all.count == 8)
            #expect(try await server.pool.query("SELECT 1 FROM fixed_shift_skips WHERE fixed_shift_id = $1", [rule.id.rawValue]).isEmpty)
        }
    }

    /// The issue's "Monday 10:00–18:00 → Monday 10:00–18:00": the request read the fixed shift after
    /// the change was applied. A decided request keeps the fixed shift as it was.
    @Test func anApprovedChangeKeepsItsBeforeForThePageAndTheNotification() async throws {
        try await TestServer.with { server in
            let (boss, anna) = try await Self.workplace(server)
            let created = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "ownerId": anna.userID, "weekday": 1, "startTime": "10:00", "durationMinutes": 480,
            ], token: boss.token)
            let fixedID = try #require(created.json["id"] as? Int, "\(created.text)")
            try await FixedShiftRequestTests.employeesManage(false, server, boss: boss)

            let asked = try await server.act("/fixed-shift-requests", [
                "kind": "change", "fixedShiftId": fixedID, "weekday": 2, "startTime": "09:00",
            ], as: anna)
            let id = try #require(asked.json["id"] as? Int, "\(asked.text)")
            let pendingBefore = try #require(asked.json["before"] as? [String: Any], "\(asked.text)")
            #expect(pendingBefore["weekday"] as? Int == 1 && pendingBefore["startTime"] as? String == "10:00")

            let approved = try await server.act("/fixed-shift-requests/\(id)/approve", as: boss)
            #expect(approved.status == 200, "\(approved.text)")
            for item in [approved.json, try #require(try await server.client.json(.GET, "/api/v1/fixed-shift-requests", token: anna.token).jsonArray.first)] {
                let before = try #require(item["before"] as? [String: Any], "\(item)")
                #expect(before["weekday"] as? Int == 1 && before["startTime"] as? String == "10:00" && before["durationMinutes"] as? Int == 480)
                #expect((item["fixedShift"] as? [String: Any])?["weekday"] as? Int == 2, "the fixed shift itself has changed")
            }

            // The approval's event (what the page's notification and toast read) and its e-mail.
            let payloadText = try await server.pool.query(
                "SELECT payload::text AS p FROM events WHERE workplace_id = $1 AND type = 'fixed_shift_request.approved'", [boss.workplaceID]
            )[0].decode("p", as: String.self)
            let payload = try #require(try JSONSerialization.jsonObject(with: Data(payloadText.utf8)) as? [String: Any])
            let request = try #require(payload["fixedShiftRequest"] as? [String: Any])
            #expect((request["before"] as? [String: Any])?["weekday"] as? Int == 1, "\(payloadText)")
            let english = NotificationText.of(type: .server(.fixedShiftRequestApproved), payload: payload, language: .english)
            #expect(english.body.contains("change the fixed shift on Monday"), "\(english.body)")
            let dutch = NotificationText.of(type: .server(.fixedShiftRequestApproved), payload: payload, language: .dutch)
            #expect(dutch.body.lowercased().contains("de vaste dienst op maandag te wijzigen"), "\(dutch.body)")
        }
    }

    /// The page follows the setting live: changing it writes `workplace.settings_changed` with the
    /// new settings for everyone in the workplace; saving the same values again writes nothing.
    @Test func changingTheSettingsTellsEveryOpenPage() async throws {
        try await TestServer.with { server in
            let (boss, _) = try await Self.workplace(server)
            func events() async throws -> [String] {
                try await server.pool.query(
                    """
                    SELECT audience || ' ' || (payload->'settings'->>'employeesManageFixedShifts') AS e FROM events
                    WHERE workplace_id = $1 AND type = 'workplace.settings_changed' ORDER BY id
                    """, [boss.workplaceID]
                ).map { try $0.decode("e") }
            }
            try await FixedShiftRequestTests.employeesManage(false, server, boss: boss)
            #expect(try await events() == ["workplace false"])
            try await FixedShiftRequestTests.employeesManage(false, server, boss: boss)
            #expect(try await events() == ["workplace false"], "nothing changed, nothing announced")
            try await FixedShiftRequestTests.employeesManage(true, server, boss: boss)
            #expect(try await events() == ["workplace false", "workplace true"])
        }
    }
}
