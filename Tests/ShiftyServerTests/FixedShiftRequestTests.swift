import Foundation
import ShiftyDomain
@testable import ShiftyNotifications
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// Fixed-shift requests through HTTP against PostgreSQL (issue 17): where employees may not change
/// their fixed shifts, they ask; a manager approves (the change is applied as the fixed-shift
/// routes apply it, weeks generated) or declines with a note; the employee may withdraw.
@Suite struct FixedShiftRequestTests {
    /// Turns `employeesManageFixedShifts` on or off.
    static func employeesManage(_ allowed: Bool, _ server: TestServer, boss: TestServer.Account) async throws {
        let saved = try await server.client.json(
            .PATCH, "/api/v1/workplace", ["settings": ["employeesManageFixedShifts": allowed]], token: boss.token)
        try #require(saved.status == 200, "settings: \(saved.text)")
    }

    /// The shifts of one fixed shift from now on: (owner, local start time, status), by date.
    static func futureOccurrences(of fixedShiftID: Int, _ server: TestServer) async throws -> [(owner: Int64, start: String, status: String)] {
        try await server.pool.query(
            """
            SELECT owner_id, to_char(starts_at AT TIME ZONE 'Europe/Amsterdam', 'HH24:MI') AS t, status
            FROM shifts WHERE fixed_shift_id = $1 AND starts_at > now() ORDER BY local_date
            """, [Int64(fixedShiftID)]
        ).map { (try $0.decode("owner_id"), try $0.decode("t"), try $0.decode("status")) }
    }

    static func eventTypes(_ server: TestServer, workplaceID: Int64) async throws -> [String] {
        try await server.pool.query(
            "SELECT type FROM events WHERE workplace_id = $1 AND type LIKE 'fixed_shift_request.%' ORDER BY id", [workplaceID]
        ).map { try $0.decode("type") }
    }

    @Test func anApprovedRequestAddsChangesAndEndsTheFixedShiftAndItsWeeks() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await Self.employeesManage(false, server, boss: boss)
            let weekday = TestServer.localDate(in: 2).weekday.isoNumber

            // The direct route is closed to her; asking is open.
            let direct = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": weekday, "startTime": "09:00", "durationMinutes": 240,
            ], token: anna.token)
            #expect(direct.status == 403 && direct.problemCode == "fixed_shifts_managed_by_managers", "\(direct.text)")
            let asked = try await server.act("/fixed-shift-requests", [
                "kind": "add", "weekday": weekday, "startTime": "09:00", "durationMinutes": 240, "position": "bar",
                "reason": "I can do Wednesdays now",
            ], as: anna)
            #expect(asked.status == 201 && asked.json["status"] as? String == "pending", "\(asked.text)")
            #expect(asked.json["kind"] as? String == "add" && asked.json["userName"] as? String != nil)
            let addID = try #require(asked.json["id"] as? Int)
            #expect(try await server.pool.query("SELECT id FROM shifts WHERE owner_id = $1", [anna.userID]).isEmpty, "nothing before the approval")

            // She and the managers see it; a coworker does not; only a manager decides.
            #expect(try await server.client.json(.GET, "/api/v1/fixed-shift-requests", token: bram.token).jsonArray.isEmpty)
            let mine = try await server.client.json(.GET, "/api/v1/fixed-shift-requests", token: anna.token).jsonArray
            #expect(mine.compactMap { $0["id"] as? Int } == [addID])
            let queue = try await server.client.json(.GET, "/api/v1/fixed-shift-requests?status=pending", token: boss.token).jsonArray
            #expect(queue.compactMap { $0["id"] as? Int } == [addID])
            let byAnna = try await server.act("/fixed-shift-requests/\(addID)/approve", as: anna)
            #expect(byAnna.status == 403 && byAnna.problemCode == "manager_only", "\(byAnna.text)")

            let approved = try await server.act("/fixed-shift-requests/\(addID)/approve", ["note": "Welcome to Wednesdays"], as: boss)
            #expect(approved.status == 200 && approved.json["status"] as? String == "approved", "\(approved.text)")
            #expect(approved.json["managerNote"] as? String == "Welcome to Wednesdays")
            #expect(approved.json["decidedBy"] as? Int == Int(boss.userID))
            let fixedID = try #require(approved.json["fixedShiftId"] as? Int, "the approval names the fixed shift it created")
            let fixed = try await server.client.json(.GET, "/api/v1/fixed-shifts", token: anna.token).jsonArray
            #expect(fixed.count == 1 && fixed.first?["id"] as? Int == fixedID && fixed.first?["position"] as? String == "bar")
            var weeks = try await Self.futureOccurrences(of: fixedID, server)
            #expect(weeks.count == 8, "eight weeks generated, as the direct route does")
            #expect(weeks.allSatisfy { $0.owner == anna.userID && $0.start == "09:00" && $0.status == "scheduled" })
            let schedule = try await server.client.json(.GET, "/api/v1/schedule", token: anna.token).jsonArray
            #expect(schedule.flatMap { $0["shifts"] as? [[String: Any]] ?? [] }.count == 8, "her schedule shows them")

            // Approving twice is a conflict.
            let twice = try await server.act("/fixed-shift-requests/\(addID)/approve", as: boss)
            #expect(twice.status == 409 && twice.problemCode == "fixed_shift_request_not_pending", "\(twice.text)")

            // A change: the untouched weeks move to 11:00; one she traded away stays as it was.
            let ids = try await server.pool.query(
                "SELECT id FROM shifts WHERE fixed_shift_id = $1 ORDER BY local_date", [Int64(fixedID)]
            ).map { try $0.decode("id", as: Int64.self) }
            #expect(try await server.act("/shifts/\(ids[1])/supply", as: anna).status == 200)
            let pickUp = try await server.act("/shifts/\(ids[1])/pick-up", as: bram)
            #expect(try await server.act("/deals/\(try #require(pickUp.dealID))/approve", as: boss).status == 200)
            let change = try await server.act("/fixed-shift-requests", [
                "kind": "change", "fixedShiftId": fixedID, "startTime": "11:00",
            ], as: anna)
            #expect(change.status == 201, "\(change.text)")
            #expect((change.json["fixedShift"] as? [String: Any])?["startTime"] as? String == "09:00", "shows the fixed shift as it is")
            let changeID = try #require(change.json["id"] as? Int)
            #expect(try await server.act("/fixed-shift-requests/\(changeID)/approve", as: boss).status == 200)
            weeks = try await Self.futureOccurrences(of: fixedID, server)
            #expect(weeks.count == 8)
            #expect(weeks[1].owner == bram.userID && weeks[1].start == "09:00", "the traded one is untouched")
            #expect(weeks.enumerated().filter { $0.offset != 1 }.allSatisfy { $0.element.start == "11:00" && $0.element.owner == anna.userID })
            let actors = try await server.pool.query(
                "SELECT action, actor_id FROM shift_history WHERE subject_type = 'fixed_shift' AND subject_id = $1 ORDER BY id",
                [Int64(fixedID)]
            ).map { "\(try $0.decode("action", as: String.self)):\(try $0.decode("actor_id", as: Int64.self))" }
            #expect(actors == ["create:\(boss.userID)", "edit:\(boss.userID)"], "the approving manager is the actor")

            // An end: her untouched future weeks go; the traded one stays with bram.
            let end = try await server.act("/fixed-shift-requests", ["kind": "end", "fixedShiftId": fixedID], as: anna)
            let endID = try #require(end.json["id"] as? Int, "\(end.text)")
            // A second change asked meanwhile no longer applies once the end is approved.
            let late = try await server.act("/fixed-shift-requests", [
                "kind": "change", "fixedShiftId": fixedID, "durationMinutes": 300,
            ], as: anna)
            let lateID = try #require(late.json["id"] as? Int, "\(late.text)")
            #expect(try await server.act("/fixed-shift-requests/\(endID)/approve", as: boss).status == 200)
            weeks = try await Self.futureOccurrences(of: fixedID, server)
            #expect(weeks.map(\.owner) == [bram.userID])
            #expect(try await server.client.json(.GET, "/api/v1/fixed-shifts", token: anna.token).jsonArray.isEmpty)
            let outdated = try await server.act("/fixed-shift-requests/\(lateID)/approve", as: boss)
            #expect(outdated.status == 409 && outdated.problemCode == "fixed_shift_request_outdated", "\(outdated.text)")
            #expect(try await server.act("/fixed-shift-requests/\(lateID)/decline", as: boss).status == 200, "declining it still works")

            #expect(try await Self.eventTypes(server, workplaceID: boss.workplaceID) == [
                "fixed_shift_request.requested", "fixed_shift_request.approved",
                "fixed_shift_request.requested", "fixed_shift_request.approved",
                "fixed_shift_request.requested", "fixed_shift_request.requested", "fixed_shift_request.approved",
                "fixed_shift_request.declined",
            ])
            let audience = try await server.pool.query(
                "SELECT user_ids FROM events WHERE workplace_id = $1 AND type = 'fixed_shift_request.requested' LIMIT 1", [boss.workplaceID]
            )[0].decode("user_ids", as: [Int64].self)
            #expect(audience == [boss.userID, anna.userID].sorted(), "the member and the managers, not coworkers")
        }
    }

    @Test func aDeclineCarriesTheNoteAndAPendingRequestCanBeWithdrawn() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await Self.employeesManage(false, server, boss: boss)
            let body: [String: Any] = ["kind": "add", "weekday": 5, "startTime": "17:00", "durationMinutes": 300]

            let first = try #require(try await server.act("/fixed-shift-requests", body, as: anna).json["id"] as? Int)
            let declined = try await server.act("/fixed-shift-requests/\(first)/decline", ["note": "Fridays are full"], as: boss)
            #expect(declined.status == 200 && declined.json["status"] as? String == "declined", "\(declined.text)")
            let seen = try await server.client.json(.GET, "/api/v1/fixed-shift-requests", token: anna.token).jsonArray
            #expect(seen.first?["managerNote"] as? String == "Fridays are full", "she sees the note")
            #expect(try await server.client.json(.GET, "/api/v1/fixed-shifts", token: anna.token).jsonArray.isEmpty, "nothing applied")
            let withdrawDecided = try await server.act("/fixed-shift-requests/\(first)/withdraw", as: anna)
            #expect(withdrawDecided.status == 409 && withdrawDecided.problemCode == "fixed_shift_request_not_pending")

            let second = try #require(try await server.act("/fixed-shift-requests", body, as: anna).json["id"] as? Int)
            let notHers = try await server.act("/fixed-shift-requests/\(second)/withdraw", as: bram)
            #expect(notHers.status == 404 && notHers.problemCode == "not_found", "\(notHers.text)")
            let withdrawn = try await server.act("/fixed-shift-requests/\(second)/withdraw", as: anna)
            #expect(withdrawn.status == 200 && withdrawn.json["status"] as? String == "withdrawn", "\(withdrawn.text)")
            let approveWithdrawn = try await server.act("/fixed-shift-requests/\(second)/approve", as: boss)
            #expect(approveWithdrawn.status == 409 && approveWithdrawn.problemCode == "fixed_shift_request_not_pending")
            #expect(try await server.client.json(.GET, "/api/v1/fixed-shifts", token: anna.token).jsonArray.isEmpty)
            let pending = try await server.client.json(.GET, "/api/v1/fixed-shift-requests?status=pending", token: boss.token)
            #expect(pending.jsonArray.isEmpty)
            let badStatus = try await server.client.json(.GET, "/api/v1/fixed-shift-requests?status=maybe", token: boss.token)
            #expect(badStatus.status == 400 && badStatus.problemCode == "invalid_parameter")
            #expect(try await Self.eventTypes(server, workplaceID: boss.workplaceID) == [
                "fixed_shift_request.requested", "fixed_shift_request.declined",
                "fixed_shift_request.requested", "fixed_shift_request.withdrawn",
            ])
        }
    }

    @Test func anotherWorkplaceGets404AndBadInputIsA422NamingTheField() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let otherBoss = try await server.createWorkplace(slug: "elsewhere")
            let bramsFixed = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": 1, "startTime": "09:00", "durationMinutes": 240,
            ], token: bram.token)
            let bramsID = try #require(bramsFixed.json["id"] as? Int, "\(bramsFixed.text)")
            let annasFixed = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": 2, "startTime": "09:00", "durationMinutes": 240,
            ], token: anna.token)
            let annasID = try #require(annasFixed.json["id"] as? Int, "\(annasFixed.text)")
            try await Self.employeesManage(false, server, boss: boss)

            let asked = try await server.act("/fixed-shift-requests", ["kind": "end", "fixedShiftId": annasID], as: anna)
            let id = try #require(asked.json["id"] as? Int, "\(asked.text)")
            for action in ["approve", "decline", "withdraw"] {
                let response = try await server.act("/fixed-shift-requests/\(id)/\(action)", as: otherBoss)
                #expect(response.status == 404 && response.problemCode == "not_found", "\(action): \(response.text)")
            }
            #expect(try await server.client.json(.GET, "/api/v1/fixed-shift-requests", token: otherBoss.token).jsonArray.isEmpty)
            #expect(try await server.act("/fixed-shift-requests/999999/approve", as: boss).status == 404)
            #expect(try await server.act("/fixed-shift-requests/abc/approve", as: boss).status == 404)

            // Someone else's fixed shift, or another workplace's, is not found.
            let notHers = try await server.act("/fixed-shift-requests", ["kind": "end", "fixedShiftId": bramsID], as: anna)
            #expect(notHers.status == 404 && notHers.problemCode == "not_found", "\(notHers.text)")
            let otherWorkplace = try await server.act("/fixed-shift-requests", ["kind": "end", "fixedShiftId": annasID], as: otherBoss)
            #expect(otherWorkplace.status == 404, "\(otherWorkplace.text)")

            let cases: [([String: Any], String)] = [
                (["kind": "swap"], "kind"),
                (["kind": "add", "startTime": "09:00", "durationMinutes": 60], "weekday"),
                (["kind": "add", "weekday": 8, "startTime": "09:00", "durationMinutes": 60], "weekday"),
                (["kind": "add", "weekday": 1, "startTime": "9 am", "durationMinutes": 60], "startTime"),
                (["kind": "add", "weekday": 1, "startTime": "09:00", "durationMinutes": 1441], "durationMinutes"),
                (["kind": "add", "weekday": 1, "startTime": "09:00", "durationMinutes": 60, "fixedShiftId": annasID], "fixedShiftId"),
                (["kind": "change", "startTime": "10:00"], "fixedShiftId"),
                (["kind": "change", "fixedShiftId": annasID], "body"),
                (["kind": "change", "fixedShiftId": annasID, "validUntil": "2000-01-01"], "validUntil"),
                (["kind": "add", "weekday": 1, "startTime": "09:00", "durationMinutes": 60, "reason": String(repeating: "x", count: 1001)], "reason"),
            ]
            for (body, field) in cases {
                let response = try await server.act("/fixed-shift-requests", body, as: anna)
                #expect(response.status == 422 && response.problemCode == "validation_failed", "\(body): \(response.text)")
                #expect((response.json["errors"] as? [[String: Any]])?.first?["field"] as? String == field, "\(body): \(response.text)")
            }
            let longNote = try await server.act("/fixed-shift-requests/\(id)/decline", ["note": String(repeating: "n", count: 1001)], as: boss)
            #expect(longNote.status == 422, "\(longNote.text)")
            #expect(try await server.client.json(.GET, "/api/v1/fixed-shift-requests", token: anna.token).jsonArray.count == 1, "nothing stored")
        }
    }

    /// Our choice: asking stays allowed when employees may change their fixed shifts themselves, and
    /// a request made while the setting was off is decided normally after it was turned on.
    @Test func withTheSettingOnTheDirectRouteWorksAndAskingIsStillAllowed() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            try await Self.employeesManage(false, server, boss: boss)
            let asked = try await server.act("/fixed-shift-requests", [
                "kind": "add", "weekday": 3, "startTime": "08:00", "durationMinutes": 120,
            ], as: anna)
            let askedID = try #require(asked.json["id"] as? Int, "\(asked.text)")

            try await Self.employeesManage(true, server, boss: boss)
            let direct = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": 4, "startTime": "08:00", "durationMinutes": 120,
            ], token: anna.token)
            #expect(direct.status == 201, "\(direct.text)")
            let again = try await server.act("/fixed-shift-requests", [
                "kind": "change", "fixedShiftId": try #require(direct.json["id"] as? Int), "startTime": "09:00",
            ], as: anna)
            #expect(again.status == 201, "\(again.text)")
            let approved = try await server.act("/fixed-shift-requests/\(askedID)/approve", as: boss)
            #expect(approved.status == 200, "the setting turned on meanwhile does not matter: \(approved.text)")
            let weekdays = try await server.client.json(.GET, "/api/v1/fixed-shifts", token: anna.token).jsonArray.compactMap { $0["weekday"] as? Int }
            #expect(weekdays.sorted() == [3, 4])
        }
    }

    @Test func managersAreNotifiedOfARequestAndTheMemberOfTheDecision() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await EmailNotificationTests.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            try await EmailNotificationTests.setEmail(anna, "anna@example.test", by: boss, server)
            try await EmailNotificationTests.setEmail(boss, "boss@example.test", by: boss, server)
            try await Self.employeesManage(false, server, boss: boss)
            let fanOut = EmailNotificationTests.service(server).fanOut
            func deliveries() async throws -> [String] {
                try await server.pool.query(
                    "SELECT user_id, kind, subject FROM notification_deliveries WHERE channel = 'email' ORDER BY id"
                ).map { "\(try $0.decode("user_id", as: Int64.self)) \(try $0.decode("kind", as: String.self)) \(try $0.decode("subject", as: String.self))" }
            }

            let asked = try await server.act("/fixed-shift-requests", [
                "kind": "add", "weekday": 1, "startTime": "09:00", "durationMinutes": 240,
            ], as: anna)
            let id = try #require(asked.json["id"] as? Int, "\(asked.text)")
            try await fanOut.pass(now: Date(), pool: server.pool)
            #expect(try await deliveries() == ["\(boss.userID) fixedShiftRequest Fixed-shift request: Anna"], "only the manager")

            #expect(try await server.act("/fixed-shift-requests/\(id)/decline", ["note": "Not Mondays"], as: boss).status == 200)
            try await fanOut.pass(now: Date(), pool: server.pool)
            let rows = try await deliveries()
            #expect(rows.count == 2 && rows.last == "\(anna.userID) fixedShiftRequest Fixed-shift request declined", "\(rows)")
            let body = try await server.pool.query(
                "SELECT body FROM notification_deliveries WHERE user_id = $1", [anna.userID])[0].decode("body", as: String.self)
            #expect(body.contains("Not Mondays") && body.contains("add a fixed shift every Monday at 09:00"), "\(body)")
        }
    }
}
