import Foundation
import ShiftyTestSupport
import Testing

/// Issue 15: absences against schedule and employment, breaks, approval and locking.
@Suite struct TimesheetTests {
    static func member(_ report: [String: Any], _ username: String) throws -> [String: Any] {
        let employees = try #require(report["employees"] as? [[String: Any]])
        return try #require(employees.first { $0["username"] as? String == username }, "\(username) not in \(employees.map { $0["username"] ?? "?" })")
    }

    func insertShift(_ server: TestServer, _ boss: TestServer.Account, ownerID: Int64, date: String, start: String, end: String) async throws {
        try await server.pool.execute(
            "INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, position) VALUES ($1, $2, $3::date, $4::timestamptz, $5::timestamptz, 'bar')",
            [boss.workplaceID, ownerID, date, start, end])
    }

    @Test func absencesCountOnlyExpectedDaysInsideEmployment() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let part = try await server.createEmployee(in: boss, username: "part")
            let joiner = try await server.createEmployee(in: boss, username: "joiner")
            let leaver = try await server.createEmployee(in: boss, username: "leaver")
            let newbie = try await server.createEmployee(in: boss, username: "newbie")

            // The defect: a member added today, without shifts, had ~20 absences this month.
            let own = try await server.client.json(.GET, "/api/v1/timeclock/my-hours", token: newbie.token)
            #expect(own.status == 200, "\(own.text)")
            #expect(own.json["absences"] as? Int == 0)
            let employment = try #require(own.json["employment"] as? [String: Any])
            #expect(employment["start"] as? String != nil)   // defaults to the day the account was made
            #expect(employment["worksFixedQuota"] as? Bool == false)

            // A part-timer scheduled on two days of June 2026, who worked one of them.
            try await server.setEmployment(boss, userID: part.userID, ["start": "2026-05-01"])
            try await insertShift(server, boss, ownerID: part.userID, date: "2026-06-01", start: "2026-06-01T07:00:00Z", end: "2026-06-01T11:00:00Z")
            try await insertShift(server, boss, ownerID: part.userID, date: "2026-06-03", start: "2026-06-03T07:00:00Z", end: "2026-06-03T11:00:00Z")
            try await server.addPunch(boss, userID: part.userID, at: "2026-06-01T07:00:00Z", kind: "in")
            try await server.addPunch(boss, userID: part.userID, at: "2026-06-01T11:00:00Z", kind: "out")
            // Joined on 15 June, works the fixed quota, never punched.
            try await server.setEmployment(boss, userID: joiner.userID, ["start": "2026-06-15", "worksFixedQuota": true])
            // Fixed quota since May, deactivated: the end is set, then corrected to 10 June.
            try await server.setEmployment(boss, userID: leaver.userID, ["start": "2026-05-01", "worksFixedQuota": true])
            #expect(try await server.client.json(.PATCH, "/api/v1/users/\(leaver.userID)", ["active": false], token: boss.token).status == 200)
            let ended = try await server.client.json(.GET, "/api/v1/users/\(leaver.userID)/employment", token: boss.token)
            #expect(ended.json["end"] as? String != nil, "deactivation sets the end: \(ended.text)")
            try await server.setEmployment(boss, userID: leaver.userID, ["end": "2026-06-10"])
            // Bad terms are refused.
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(leaver.userID)/employment", ["end": "2026-04-01"], token: boss.token).status == 422)
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(leaver.userID)/employment", ["contractMinutesPerWeek": -5], token: boss.token).status == 422)
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(leaver.userID)/employment", ["start": "2026-06-01"], token: part.token).status == 403)

            let report = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-06", token: boss.token)
            #expect(report.status == 200, "\(report.text)")
            #expect(try Self.member(report.json, "part")["absences"] as? Int == 1)
            // 15–30 June: 14 Monday–Saturdays.
            #expect(try Self.member(report.json, "joiner")["absences"] as? Int == 14)
            // 1–10 June: 9 Monday–Saturdays.
            #expect(try Self.member(report.json, "leaver")["absences"] as? Int == 9)
            let leaverDays = try #require(try Self.member(report.json, "leaver")["daysByStatus"] as? [String: Any])
            #expect(leaverDays["notEmployed"] as? Int == 20)
            // The newbie and the boss were not employed in June: not in the report.
            let names = (report.json["employees"] as? [[String: Any]])?.compactMap { $0["username"] as? String }
            #expect(names == ["joiner", "leaver", "part"])
        }
    }

    @Test func breakRulesAndPunchedBreaksGivePaidTime() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            try await server.setEmployment(boss, userID: anna.userID, ["start": "2026-05-01", "worksFixedQuota": true])
            let bad = try await server.client.json(.PUT, "/api/v1/timeclock/rules", ["breakRules": [["afterMinutes": 330, "breakMinutes": 0]]], token: boss.token)
            #expect(bad.status == 422)
            let rules = try await server.client.json(.PUT, "/api/v1/timeclock/rules", ["breakRules": [["afterMinutes": 330, "breakMinutes": 30]]], token: boss.token)
            #expect(rules.status == 200, "\(rules.text)")
            #expect((rules.json["breakRules"] as? [[String: Any]])?.first?["breakMinutes"] as? Int == 30)

            // Monday 1 June: 8 h without a punched break (the rule takes 30).
            try await server.addPunch(boss, userID: anna.userID, at: "2026-06-01T07:00:00Z", kind: "in")
            try await server.addPunch(boss, userID: anna.userID, at: "2026-06-01T15:00:00Z", kind: "out")
            // Tuesday 2 June: 8 h with a punched 15-minute break (replaces the rule).
            try await server.addPunch(boss, userID: anna.userID, at: "2026-06-02T07:00:00Z", kind: "in")
            try await server.addPunch(boss, userID: anna.userID, at: "2026-06-02T10:00:00Z", kind: "break_start")
            try await server.addPunch(boss, userID: anna.userID, at: "2026-06-02T10:15:00Z", kind: "break_end")
            try await server.addPunch(boss, userID: anna.userID, at: "2026-06-02T15:00:00Z", kind: "out")

            let report = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-06&userID=\(anna.userID)", token: boss.token).json
            let member = try Self.member(report, "anna")
            let days = try #require(member["days"] as? [[String: Any]])
            #expect(days[0]["breakMinutes"] as? Int == 30)
            #expect(days[0]["paidMinutes"] as? Int == 450)
            #expect(days[0]["overtimeMinutes"] as? Int == -30)
            #expect(days[1]["breakMinutes"] as? Int == 15)
            #expect(days[1]["paidMinutes"] as? Int == 465)
            #expect(member["workedMinutes"] as? Int == 960)
            #expect(member["breakMinutes"] as? Int == 45)
            #expect(member["paidMinutes"] as? Int == 915)

            let payroll = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-06&format=payroll", token: boss.token)
            #expect(payroll.status == 200)
            #expect(payroll.header("Content-Type")?.hasPrefix("text/csv") == true)
            let lines = payroll.text.split(separator: "\r\n").map(String.init)
            #expect(lines.first == "date,name,username,pay_type,scheduled_minutes,worked_minutes,break_minutes,paid_minutes,overtime_minutes,status,approved,schedule_premium_minutes,schedule_premium_cents")
            #expect(lines.contains("2026-06-01,Anna,anna,normal,0,480,30,450,-30,present,no,0,0"))
            #expect(lines.contains("2026-06-02,Anna,anna,normal,0,480,15,465,-15,present,no,0,0"))
            // One line per member per day; the boss (employed from today, no punches) is not in June.
            #expect(lines.count == 1 + 30)
        }
    }

    @Test func anApprovedPeriodIsLockedUntilAManagerUnlocksIt() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            try await server.setEmployment(boss, userID: anna.userID, ["start": "2026-09-01", "worksFixedQuota": true])
            let checkIn = try await server.addPunch(boss, userID: anna.userID, at: "2026-10-05T07:00:00Z", kind: "in")
            try await server.addPunch(boss, userID: anna.userID, at: "2026-10-05T15:00:00Z", kind: "out")
            try await server.addPunch(boss, userID: anna.userID, at: "2026-10-06T07:00:00Z", kind: "in")   // forgot to check out

            // The review puts the day needing attention first.
            let review = try await server.client.json(.GET, "/api/v1/timesheets?from=2026-10-05&to=2026-10-11&userID=\(anna.userID)", token: boss.token)
            #expect(review.status == 200, "\(review.text)")
            let sheet = try #require((review.json["members"] as? [[String: Any]])?.first)
            let firstDay = try #require((sheet["days"] as? [[String: Any]])?.first)
            #expect((firstDay["day"] as? [String: Any])?["date"] as? String == "2026-10-06")
            #expect(firstDay["attention"] as? [String] == ["odd_punches", "missing_check_out"])
            #expect(sheet["approved"] as? Bool == false)
            #expect(try await server.client.json(.GET, "/api/v1/timesheets?from=2026-10-05&to=2026-10-11", token: anna.token).status == 403)

            // Approving: managers only, finished periods only.
            #expect(try await server.client.json(.POST, "/api/v1/timesheets/approvals", ["from": "2026-10-05", "to": "2026-10-11"], token: anna.token).status == 403)
            #expect(try await server.client.json(.POST, "/api/v1/timesheets/approvals", ["from": "2026-10-05", "to": "2099-10-11"], token: boss.token).status == 422)
            let approved = try await server.client.json(.POST, "/api/v1/timesheets/approvals", ["from": "2026-10-05", "to": "2026-10-11", "userID": anna.userID], token: boss.token)
            #expect(approved.status == 201, "\(approved.text)")
            let approval = try #require(approved.jsonArray.first)
            let approvalID = try #require(approval["id"] as? Int)
            #expect(approval["locked"] as? Bool == true)
            #expect(approval["approvedByName"] as? String == "The Boss")

            // Locked: add, move and delete in the week are refused.
            let add = try await server.client.json(.POST, "/api/v1/punches", ["userID": anna.userID, "at": "2026-10-06T15:00:00Z", "kind": "out", "reason": "forgot"], token: boss.token)
            #expect(add.status == 409)
            #expect(add.problemCode == "timesheet_locked")
            let move = try await server.client.json(.PATCH, "/api/v1/punches/\(checkIn)", ["at": "2026-10-05T06:30:00Z", "reason": "early"], token: boss.token)
            #expect(move.problemCode == "timesheet_locked")
            // Moving a punch from outside into the locked week is refused too.
            let outside = try await server.addPunch(boss, userID: anna.userID, at: "2026-10-12T07:00:00Z", kind: "in")
            #expect(try await server.client.json(.PATCH, "/api/v1/punches/\(outside)", ["at": "2026-10-11T07:00:00Z", "reason": "x"], token: boss.token).problemCode == "timesheet_locked")
            #expect(try await server.client.json(.DELETE, "/api/v1/punches/\(checkIn)?reason=dup", token: boss.token).problemCode == "timesheet_locked")

            // The export says which days are approved.
            let payroll = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10&format=payroll", token: boss.token)
            let lines = payroll.text.split(separator: "\r\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("2026-10-05,Anna,anna,") && $0.hasSuffix(",yes,0,0") })
            #expect(lines.contains { $0.hasPrefix("2026-10-12,Anna,anna,") && $0.hasSuffix(",no,0,0") })
            let month = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10", token: boss.token).json
            #expect((try Self.member(month, "anna")["approvedDates"] as? [String])?.count == 7)

            // Unlocking needs a reason; afterwards the fix goes through.
            #expect(try await server.client.json(.POST, "/api/v1/timesheets/approvals/\(approvalID)/unlock", ["reason": " "], token: boss.token).status == 422)
            #expect(try await server.client.json(.POST, "/api/v1/timesheets/approvals/\(approvalID)/unlock", ["reason": "x"], token: anna.token).status == 403)
            let unlocked = try await server.client.json(.POST, "/api/v1/timesheets/approvals/\(approvalID)/unlock", ["reason": "Anna forgot to check out on Tuesday"], token: boss.token)
            #expect(unlocked.status == 200, "\(unlocked.text)")
            #expect(unlocked.json["locked"] as? Bool == false)
            #expect(try await server.client.json(.POST, "/api/v1/timesheets/approvals/\(approvalID)/unlock", ["reason": "again"], token: boss.token).status == 404)
            #expect(try await server.client.json(.POST, "/api/v1/punches", ["userID": anna.userID, "at": "2026-10-06T15:00:00Z", "kind": "out", "reason": "forgot"], token: boss.token).status == 201)

            // The audit trail: approval and unlock on the approval, the edit in punch-edits.
            let trail = try await server.client.json(.GET, "/api/v1/timesheets/approvals?userID=\(anna.userID)", token: boss.token).jsonArray
            #expect(trail.count == 1)
            #expect(trail.first?["unlockReason"] as? String == "Anna forgot to check out on Tuesday")
            #expect(trail.first?["unlockedByName"] as? String == "The Boss")
            #expect(trail.first?["approvedAt"] as? String != nil)
            let edits = try await server.client.json(.GET, "/api/v1/punch-edits?userID=\(anna.userID)", token: boss.token).jsonArray
            #expect(edits.first?["reason"] as? String == "forgot")
            // The employee sees their own approvals in My hours.
            let mine = try await server.client.json(.GET, "/api/v1/timeclock/my-hours?month=2026-10", token: anna.token)
            #expect(mine.status == 200, "\(mine.text)")
            #expect((mine.json["approvals"] as? [[String: Any]])?.count == 1)
            #expect((mine.json["days"] as? [[String: Any]])?.count == 31)
            #expect(try await server.client.json(.GET, "/api/v1/timeclock/my-hours?month=2026-10&userID=\(boss.userID)", token: anna.token).status == 404)

            // Approving everyone approves each member in the period.
            let everyone = try await server.client.json(.POST, "/api/v1/timesheets/approvals", ["from": "2026-10-12", "to": "2026-10-18"], token: boss.token)
            #expect(everyone.status == 201)
            #expect(everyone.jsonArray.compactMap { $0["userID"] as? Int } == [Int(anna.userID)])
            // Approving again adds nothing: the week is already locked.
            let again = try await server.client.json(.POST, "/api/v1/timesheets/approvals", ["from": "2026-10-13", "to": "2026-10-14"], token: boss.token)
            #expect(again.status == 201)
            #expect(again.jsonArray.isEmpty)
        }
    }
}

@Suite struct KioskPinAndNetworkTests {
    @Test func aPinAloneChecksInAndPinsAreUniquePerWorkplace() async throws {
        // The kiosk's clock stands still, so "ten minutes late" stays ten however slow the run.
        let frozen = Date()
        try await TestServer.with(configure: { $0.clock = { frozen } }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "4321"], token: boss.token).status == 204)
            let taken = try await server.client.json(.PUT, "/api/v1/users/\(bram.userID)/pin", ["pin": "4321"], token: boss.token)
            #expect(taken.status == 409)
            #expect(taken.problemCode == "pin_taken")
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(bram.userID)/pin", ["pin": "8765"], token: boss.token).status == 204)
            // Another workplace may use the same PIN.
            let other = try await server.createWorkplace()
            let olga = try await server.createEmployee(in: other, username: "olga")
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(olga.userID)/pin", ["pin": "4321"], token: other.token).status == 204)

            // A shift that started ten minutes ago.
            try await server.pool.execute(
                """
                INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, position)
                VALUES ($1, $2, (($3::timestamptz - interval '10 minutes 20 seconds') AT TIME ZONE 'Europe/Amsterdam')::date, $3::timestamptz - interval '10 minutes 20 seconds', $3::timestamptz + interval '4 hours', 'bar')
                """,
                [boss.workplaceID, anna.userID, frozen])
            let kiosk = try await server.createKiosk(boss)
            let identity = try await server.client.json(.GET, "/api/v1/kiosk", cookie: kiosk.cookie)
            #expect(identity.json["timeZone"] as? String == "Europe/Amsterdam")
            let tiles = try await server.client.json(.GET, "/api/v1/kiosk/tiles", cookie: kiosk.cookie).jsonArray
            #expect(tiles.map { $0["username"] as? String } == ["anna"])
            #expect(tiles.first?["hasPin"] as? Bool == true)

            let wrong = try await server.client.json(.POST, "/api/v1/kiosk/punches", ["pin": "0000"], cookie: kiosk.cookie, headers: server.sameOrigin)
            #expect(wrong.status == 401)
            #expect(wrong.problemCode == "invalid_credentials")
            let checkIn = try await server.client.json(.POST, "/api/v1/kiosk/punches", ["pin": "4321"], cookie: kiosk.cookie, headers: server.sameOrigin)
            #expect(checkIn.status == 201, "\(checkIn.text)")
            #expect(checkIn.json["displayName"] as? String == "Anna")
            #expect(checkIn.json["action"] as? String == "checked_in")
            #expect(checkIn.json["timeZone"] as? String == "Europe/Amsterdam")
            let timing = try #require(checkIn.json["timing"] as? [String: Any])
            #expect(timing["verdict"] as? String == "late")
            #expect(timing["minutes"] as? Int == 10)
            #expect((checkIn.json["shift"] as? [String: Any])?["position"] as? String == "bar")
            // A password still needs the username.
            #expect(try await server.client.json(.POST, "/api/v1/kiosk/punches", ["password": TestServer.password], cookie: kiosk.cookie, headers: server.sameOrigin).status == 422)

            // Breaks: only while checked in; then the check-out closes the session.
            try await server.pool.execute("UPDATE punches SET at = at - interval '2 hours' WHERE user_id = $1", [anna.userID])
            let breakStart = try await server.client.json(.POST, "/api/v1/kiosk/punches", ["pin": "4321", "action": "break_start"], cookie: kiosk.cookie, headers: server.sameOrigin)
            #expect(breakStart.json["action"] as? String == "break_started", "\(breakStart.text)")
            #expect(try await server.client.json(.POST, "/api/v1/kiosk/punches", ["pin": "8765", "action": "break_end"], cookie: kiosk.cookie, headers: server.sameOrigin).status == 422)
            #expect(try await server.client.json(.POST, "/api/v1/kiosk/punches", ["pin": "4321", "action": "in"], cookie: kiosk.cookie, headers: server.sameOrigin).status == 422)
        }
    }

    @Test func aKioskCanBeRestrictedToNetworks() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let kiosk = try await server.createKiosk(boss)
            #expect(try await server.client.json(.PUT, "/api/v1/kiosks/\(kiosk.id)/networks", ["networks": ["10.0.0.0/8"]], token: anna.token).status == 403)
            #expect(try await server.client.json(.PUT, "/api/v1/kiosks/\(kiosk.id)/networks", ["networks": ["10.0.0.0/33"]], token: boss.token).status == 422)
            #expect(try await server.client.json(.PUT, "/api/v1/kiosks/\(kiosk.id)/networks", ["networks": ["not a network"]], token: boss.token).status == 422)

            let restricted = try await server.client.json(.PUT, "/api/v1/kiosks/\(kiosk.id)/networks", ["networks": ["10.9.0.0/16", "2001:db8::/32"]], token: boss.token)
            #expect(restricted.status == 200, "\(restricted.text)")
            #expect(restricted.json["allowedNetworks"] as? [String] == ["10.9.0.0/16", "2001:db8::/32"])
            // The test client connects from 127.0.0.1: refused.
            let refused = try await server.kioskPunch(kiosk, username: "anna", password: TestServer.password)
            #expect(refused.status == 403)
            #expect(refused.problemCode == "kiosk_network_refused")
            // A forged X-Forwarded-For is ignored without a trusted proxy.
            let forged = try await server.client.json(
                .POST, "/api/v1/kiosk/punches", ["username": "anna", "password": TestServer.password], cookie: kiosk.cookie,
                headers: server.sameOrigin + [("X-Forwarded-For", "10.9.1.1")])
            #expect(forged.problemCode == "kiosk_network_refused")

            #expect(try await server.client.json(.PUT, "/api/v1/kiosks/\(kiosk.id)/networks", ["networks": ["127.0.0.0/8"]], token: boss.token).status == 200)
            #expect(try await server.kioskPunch(kiosk, username: "anna", password: TestServer.password).status == 201)
            let listed = try await server.client.json(.GET, "/api/v1/kiosks", token: boss.token).jsonArray
            #expect(listed.first?["allowedNetworks"] as? [String] == ["127.0.0.0/8"])
        }
    }
}
