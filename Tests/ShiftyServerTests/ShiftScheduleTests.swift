import Foundation
import ShiftyDomain
@testable import ShiftyFeatures
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// Fixed shifts, my schedule, edits, deletion and closed days through HTTP.
@Suite struct ShiftScheduleTests {
    /// All shifts of one fixed shift as (date, status, owner, start time), by date.
    static func occurrences(of fixedShiftID: Int, server: TestServer) async throws -> [(date: String, status: String, owner: Int64, start: String)] {
        try await server.pool.query(
            """
            SELECT s.local_date::text AS d, s.status, s.owner_id, to_char(s.starts_at AT TIME ZONE 'Europe/Amsterdam', 'HH24:MI') AS t
            FROM shifts s WHERE s.fixed_shift_id = $1 ORDER BY s.local_date
            """,
            [Int64(fixedShiftID)]
        ).map { (try $0.decode("d"), try $0.decode("status"), try $0.decode("owner_id"), try $0.decode("t")) }
    }

    @Test func aFixedShiftFillsEightWeeksOfMySchedule() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let weekday = TestServer.localDate(in: 2).weekday.isoNumber
            let created = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": weekday, "startTime": "22:00", "durationMinutes": 480, "position": "bar",
            ], token: anna.token)
            #expect(created.status == 201, "\(created.text)")
            #expect(created.json["ownerId"] as? Int == Int(anna.userID))

            let schedule = try await server.client.json(.GET, "/api/v1/schedule", token: anna.token)
            #expect(schedule.status == 200)
            let weeks = schedule.jsonArray
            let shifts = weeks.flatMap { $0["shifts"] as? [[String: Any]] ?? [] }
            #expect(shifts.count == 8, "eight weeks ahead")
            #expect(weeks.allSatisfy { ($0["label"] as? String)?.hasPrefix("Week ") == true })
            #expect(shifts.first?["date"] as? String == TestServer.localDate(in: 2).description)
            #expect(shifts.allSatisfy { $0["startTime"] as? String == "22:00" && $0["endTime"] as? String == "06:00" }, "crosses midnight")
            #expect(shifts.allSatisfy { $0["position"] as? String == "bar" })
            let firstWeek = try #require(weeks.first)
            let firstDate = try #require(LocalDate(shifts[0]["date"] as? String ?? ""))
            #expect(firstWeek["label"] as? String == firstDate.isoWeek.label)

            // Employees manage only their own; another member's schedule is for managers.
            let forBoss = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "ownerId": boss.userID, "weekday": 1, "startTime": "09:00", "durationMinutes": 60,
            ], token: anna.token)
            #expect(forBoss.status == 403)
            #expect(try await server.client.json(.GET, "/api/v1/schedule?userId=\(boss.userID)", token: anna.token).status == 403)
            #expect(try await server.client.json(.GET, "/api/v1/schedule?userId=\(anna.userID)", token: boss.token).status == 200)

            let invalid = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": 8, "startTime": "09:00", "durationMinutes": 60,
            ], token: anna.token)
            #expect(invalid.status == 422)
            #expect((invalid.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "weekday")
            let tooLong = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": 1, "startTime": "09:00", "durationMinutes": 1441,
            ], token: anna.token)
            #expect(tooLong.status == 422)
        }
    }

    @Test func tradedEditedAndDeletedOccurrencesAreNeverRegenerated() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let weekday = TestServer.localDate(in: 1).weekday.isoNumber
            let created = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": weekday, "startTime": "09:00", "durationMinutes": 240,
            ], token: anna.token)
            let fixedID = try #require(created.json["id"] as? Int)
            let ids = try await server.pool.query(
                "SELECT id FROM shifts WHERE fixed_shift_id = $1 ORDER BY local_date", [Int64(fixedID)]
            ).map { try $0.decode("id", as: Int64.self) }
            try #require(ids.count == 8)

            // Delete the second occurrence (tombstone), trade the third to Bram.
            #expect(try await server.client.json(.DELETE, "/api/v1/shifts/\(ids[1])", ["note": "holiday"], token: boss.token).status == 204)
            #expect(try await server.act("/shifts/\(ids[2])/supply", as: anna).status == 200)
            let pickUp = try await server.act("/shifts/\(ids[2])/pick-up", as: bram)
            let dealID = try #require(pickUp.dealID, "\(pickUp.text)")
            #expect(try await server.act("/deals/\(dealID)/approve", as: boss).status == 200)

            // Offering a shift and taking it back leaves it to generation.
            #expect(try await server.act("/shifts/\(ids[3])/supply", as: anna).status == 200)
            #expect(try await server.act("/shifts/\(ids[3])/revoke", as: anna).status == 200)

            // Edit the rule: untouched occurrences move to 11:00, the traded and deleted ones stay.
            let edited = try await server.client.json(.PATCH, "/api/v1/fixed-shifts/\(fixedID)", ["startTime": "11:00"], token: anna.token)
            #expect(edited.status == 200, "\(edited.text)")
            var rows = try await Self.occurrences(of: fixedID, server: server)
            #expect(rows.count == 8)
            #expect(rows[1].status == "cancelled")
            #expect(rows[2].owner == bram.userID && rows[2].start == "09:00")
            #expect(rows.enumerated().filter { ![1, 2].contains($0.offset) }.allSatisfy { $0.element.start == "11:00" && $0.element.owner == anna.userID })

            // The daily job changes nothing: no occurrence comes back or is overwritten.
            _ = try await ScheduleMaintenanceService.generateOnce(pool: server.pool, asOf: Date())
            let again = try await Self.occurrences(of: fixedID, server: server)
            #expect(again.map(\.status) == rows.map(\.status) && again.map(\.owner) == rows.map(\.owner) && again.map(\.start) == rows.map(\.start))

            // End the rule: untouched future occurrences go; the traded one and the tombstone stay.
            #expect(try await server.client.json(.DELETE, "/api/v1/fixed-shifts/\(fixedID)", token: anna.token).status == 204)
            rows = try await Self.occurrences(of: fixedID, server: server)
            #expect(rows.map(\.status) == ["cancelled", "scheduled"])
            #expect(rows.last?.owner == bram.userID)

            let history = try await server.client.json(.GET, "/api/v1/shifts/\(ids[2])/history", token: bram.token)
            let transitions = history.jsonArray.map { "\($0["subject"] as? String ?? ""):\($0["from"] as? String ?? "-")→\($0["to"] as? String ?? "")" }
            #expect(transitions == [
                "shift:scheduled→supplied", "deal:-→pending_approval", "shift:supplied→in_deal",
                "deal:pending_approval→approved", "shift:in_deal→scheduled",
            ])
        }
    }

    @Test func closedDaysRemoveUntouchedShiftsAndImportIsAllOrNothing() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let first = TestServer.localDate(in: 3)
            let created = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "weekday": first.weekday.isoNumber, "startTime": "09:00", "durationMinutes": 240,
            ], token: anna.token)
            let fixedID = try #require(created.json["id"] as? Int)

            let closed = try await server.client.json(.POST, "/api/v1/closed-days", ["date": first.description, "name": "Koningsdag"], token: boss.token)
            #expect(closed.status == 201, "\(closed.text)")
            #expect(try await server.client.json(.POST, "/api/v1/closed-days", ["date": first.description, "name": "x"], token: anna.token).status == 403)
            var dates = try await Self.occurrences(of: fixedID, server: server).map(\.date)
            #expect(!dates.contains(first.description))
            #expect(dates.count == 7)

            let second = first.adding(days: 7), third = first.adding(days: 14)
            let bad = "date,name\n\(second),Bevrijdingsdag\nnot-a-date,Oops\n\(third),\n"
            let rejected = try await server.client.send(.POST, "/api/v1/closed-days/import", headers: [
                ("Authorization", "Bearer \(boss.token)"), ("Content-Type", "text/csv"),
            ], body: Data(bad.utf8))
            #expect(rejected.status == 422)
            let errors = (rejected.json["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
            #expect(errors == ["line 3", "line 4"])
            #expect(try await server.client.json(.GET, "/api/v1/closed-days", token: anna.token).jsonArray.count == 1, "nothing imported")

            let good = "\(second),Bevrijdingsdag\n\(third),\"Pinksteren, tweede\"\n"
            let imported = try await server.client.send(.POST, "/api/v1/closed-days/import", headers: [
                ("Authorization", "Bearer \(boss.token)"), ("Content-Type", "text/csv"),
            ], body: Data(good.utf8))
            #expect(imported.status == 201, "\(imported.text)")
            let list = try await server.client.json(.GET, "/api/v1/closed-days", token: anna.token).jsonArray
            #expect(list.compactMap { $0["name"] as? String } == ["Koningsdag", "Bevrijdingsdag", "Pinksteren, tweede"])
            dates = try await Self.occurrences(of: fixedID, server: server).map(\.date)
            #expect(dates.count == 5)

            // Reopening a day fills it in again.
            #expect(try await server.client.json(.DELETE, "/api/v1/closed-days/\(first)", token: boss.token).status == 204)
            dates = try await Self.occurrences(of: fixedID, server: server).map(\.date)
            #expect(dates.count == 6 && dates.contains(first.description))
        }
    }

    @Test func managersCreateAssignAndDeleteOneOffShifts() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let id = try await server.createShift(by: boss, for: anna, inDays: 4)
            #expect(try await server.client.json(.POST, "/api/v1/shifts", [
                "ownerId": anna.userID, "date": TestServer.localDate(in: 4).description, "startTime": "12:00", "durationMinutes": 60,
            ], token: boss.token).status == 409, "overlaps the first one")
            #expect(try await server.client.json(.POST, "/api/v1/shifts", [
                "ownerId": anna.userID, "date": TestServer.localDate(in: 5).description, "startTime": "12:00", "durationMinutes": 60,
            ], token: anna.token).status == 403)

            let assigned = try await server.act("/shifts/\(id)/assign", ["ownerId": bram.userID], as: boss)
            #expect(assigned.status == 200)
            #expect(assigned.json["ownerId"] as? Int == Int(bram.userID))
            #expect(try await server.act("/shifts/\(id)/assign", ["ownerId": anna.userID], as: anna).status == 403)

            let refused = try await server.client.json(.DELETE, "/api/v1/shifts/\(id)", token: anna.token)
            #expect(refused.status == 403)
            #expect(refused.problemCode == "not_a_manager")
            #expect(try await server.client.json(.DELETE, "/api/v1/shifts/\(id)", token: boss.token).status == 204)
            #expect(try await server.shift(id, as: boss)["status"] as? String == "cancelled")
            let again = try await server.client.json(.DELETE, "/api/v1/shifts/\(id)", token: boss.token)
            #expect(again.status == 409)
            #expect(again.problemCode == "shift_cancelled")
        }
    }
}

/// The team schedule: every member sees who works when, in their own workplace only.
@Suite struct TeamScheduleTests {
    @Test func membersSeeEveryonesShiftsInARange() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let first = try await server.createShift(by: boss, for: anna, inDays: 2)
            let second = try await server.createShift(by: boss, for: bram, inDays: 3)
            _ = try await server.createShift(by: boss, for: bram, inDays: 20)
            let other = try await server.createWorkplace()
            let stranger = try await server.createEmployee(in: other, username: "anna")
            _ = try await server.createShift(by: other, for: stranger, inDays: 2)

            let from = TestServer.localDate(in: 0), to = TestServer.localDate(in: 7)
            let seen = try await server.client.json(.GET, "/api/v1/team-schedule?from=\(from)&to=\(to)", token: bram.token)
            #expect(seen.status == 200, "\(seen.text)")
            #expect(seen.jsonArray.compactMap { $0["id"] as? Int } == [Int(first), Int(second)])
            #expect(seen.jsonArray.first?["ownerName"] as? String == "Anna")

            #expect(try await server.client.json(.GET, "/api/v1/team-schedule?from=\(from)&to=\(to)").status == 401)
            let backwards = try await server.client.json(.GET, "/api/v1/team-schedule?from=\(to)&to=\(from)", token: anna.token)
            #expect(backwards.status == 422)
            let tooLong = try await server.client.json(.GET, "/api/v1/team-schedule?from=\(from)&to=\(from.adding(days: 62))", token: anna.token)
            #expect(tooLong.status == 422)
            #expect(try await server.client.json(.GET, "/api/v1/team-schedule?from=x&to=\(to)", token: anna.token).status == 400)
        }
    }
}
