import Foundation
import ShiftyFeatures
import ShiftyServer
import ShiftyTestSupport
import Testing

@Suite struct ReportTests {
    /// October 2026 in Amsterdam: CEST (UTC+2) until Sunday the 25th, when the night has 25 hours.
    struct Scenario {
        var boss: TestServer.Account
        var anna: TestServer.Account
        var bram: TestServer.Account
        /// The complete check-in/check-out pairs, in minutes, per member.
        var annaPairs: [Int]
        var bramPairs: [Int]
    }

    static func makeScenario(_ server: TestServer) async throws -> Scenario {
        let boss = try await server.createWorkplace()
        let anna = try await server.createEmployee(in: boss, username: "anna")
        let bram = try await server.createEmployee(in: boss, username: "bram")
        #expect(try await server.client.json(.PATCH, "/api/v1/users/\(bram.userID)", ["payType": "diligence"], token: boss.token).status == 200)
        // The seed's model for both: employed since before October, every quota day a working day.
        for member in [anna, bram] {
            try await server.setEmployment(boss, userID: member.userID, ["start": "2026-09-01", "worksFixedQuota": true])
        }

        let pairs: [(TestServer.Account, String, String)] = [
            (anna, "2026-10-05T07:00:00Z", "2026-10-05T16:00:00Z"),   // Monday, 9 h
            (anna, "2026-10-06T07:00:00Z", "2026-10-06T15:15:00Z"),   // Tuesday, 8 h 15
            (anna, "2026-10-24T20:00:00Z", "2026-10-25T05:00:00Z"),   // Saturday 22:00 to Sunday 06:00 local, across the DST change: 9 h
            (bram, "2026-10-01T06:00:00Z", "2026-10-01T14:00:00Z"),   // Thursday, 8 h
        ]
        for (member, start, end) in pairs {
            try await server.addPunch(boss, userID: member.userID, at: start, kind: "in")
            try await server.addPunch(boss, userID: member.userID, at: end, kind: "out")
        }
        // A lone check-in: the day is "odd punches" and left out of the totals.
        try await server.addPunch(boss, userID: anna.userID, at: "2026-10-14T07:00:00Z", kind: "in")
        return Scenario(boss: boss, anna: anna, bram: bram, annaPairs: [540, 495, 540], bramPairs: [480])
    }

    static func employee(_ report: [String: Any], _ username: String) throws -> [String: Any] {
        let employees = try #require(report["employees"] as? [[String: Any]])
        return try #require(employees.first { $0["username"] as? String == username })
    }

    @Test func jsonTotalsEqualTheSumOfThePunches() async throws {
        try await TestServer.with { server in
            let scenario = try await Self.makeScenario(server)
            let response = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10", token: scenario.boss.token)
            #expect(response.status == 200, "\(response.text)")
            let report = response.json
            let anna = try Self.employee(report, "anna")
            let bram = try Self.employee(report, "bram")
            #expect(anna["workedMinutes"] as? Int == scenario.annaPairs.reduce(0, +))
            #expect(bram["workedMinutes"] as? Int == scenario.bramPairs.reduce(0, +))
            let totals = try #require(report["totals"] as? [String: Any])
            #expect(totals["workedMinutes"] as? Int == (scenario.annaPairs + scenario.bramPairs).reduce(0, +))
            #expect(totals["punches"] as? Int == 9)
            #expect(totals["incompleteEmployees"] as? Int == 1)

            // The seed's fields.
            #expect(anna["name"] as? String == "Anna")
            #expect(anna["extraWageType"] as? String == "normalPay")
            #expect(bram["extraWageType"] as? String == "diligencePay")
            #expect(anna["monthlyOvertime"] as? Double == 0)   // floored: most working days absent
            #expect(bram["diligenceAbsences"] as? Int == 3)    // 26 absences, capped at 3
            #expect(bram["absences"] as? Int == 26)
            #expect(anna["complete"] as? Bool == false)
            #expect(anna["oddPunchDates"] as? [String] == ["2026-10-14"])
            // What `shifty report` prints comes from the same service.
            let direct = try await ReportService(pool: server.pool).monthlyReport(workplaceSlug: scenario.boss.slug, month: try #require(ReportMonth("2026-10")))
            #expect(direct.totals.workedMinutes == (scenario.annaPairs + scenario.bramPairs).reduce(0, +))
            // Sorted by display name: Anna, Bram; the boss's account was made after October (employment
            // starts then) and has no punches in it, so the boss is not in October's report.
            #expect(direct.employees.map(\.username) == ["anna", "bram"])
            #expect(direct.csv.split(separator: "\r\n").count == 3)
            let status = try #require(anna["daysByStatus"] as? [String: Any])
            #expect(status["present"] as? Int == 3)
            #expect(status["oddPunches"] as? Int == 1)
            #expect(status["dayOff"] as? Int == 4)
        }
    }

    @Test func rulesArePerWorkplaceAndChangeTheFigures() async throws {
        try await TestServer.with { server in
            let scenario = try await Self.makeScenario(server)
            try await server.pool.execute("INSERT INTO closed_days (workplace_id, day, name) VALUES ($1, '2026-10-02', 'Inventory')", [scenario.boss.workplaceID])
            let rules = try await server.client.json(.GET, "/api/v1/timeclock/rules", token: scenario.anna.token)
            #expect(rules.json["mondayToFridayQuotaMinutes"] as? Int == 480)
            #expect(rules.json["saturdayQuotaMinutes"] as? Int == 300)
            #expect(rules.json.keys.contains("sundayQuotaMinutes"))
            #expect(try await server.client.json(.PUT, "/api/v1/timeclock/rules", ["diligenceAbsenceCap": 5], token: scenario.anna.token).status == 403)
            #expect(try await server.client.json(.PUT, "/api/v1/timeclock/rules", ["diligenceAbsenceCap": -1], token: scenario.boss.token).status == 422)
            let updated = try await server.client.json(.PUT, "/api/v1/timeclock/rules", [
                "dailyOvertimeFloorMinutes": 0, "weeklyOvertimeFloorMinutes": 0, "diligenceAbsenceCap": 30,
            ], token: scenario.boss.token)
            #expect(updated.status == 200, "\(updated.text)")
            #expect(updated.json["mondayToFridayQuotaMinutes"] as? Int == 480)

            let report = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10", token: scenario.boss.token).json
            let anna = try Self.employee(report, "anna")
            // Monday +60, Tuesday +15; every other day floored at 0 now.
            #expect(anna["overtimeMinutes"] as? Int == 75)
            #expect(anna["monthlyOvertime"] as? Double == 1.25)
            let bram = try Self.employee(report, "bram")
            #expect(bram["absences"] as? Int == 25)  // the closed day is no absence
            #expect(bram["diligenceAbsences"] as? Int == 25)
            // Another workplace keeps the seed's rules.
            let other = try await server.createWorkplace()
            #expect(try await server.client.json(.GET, "/api/v1/timeclock/rules", token: other.token).json["dailyOvertimeFloorMinutes"] as? Int == -120)
        }
    }

    @Test func csvAndPrintPageCarryTheSameTotals() async throws {
        try await TestServer.with { server in
            let scenario = try await Self.makeScenario(server)
            let csv = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10&format=csv", token: scenario.boss.token)
            #expect(csv.status == 200)
            #expect(csv.header("Content-Type")?.hasPrefix("text/csv") == true)
            let lines = csv.text.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let header = try #require(lines.first)
            let minutes = try #require(header.firstIndex(of: "worked_minutes"))
            let punches = try #require(header.firstIndex(of: "punches"))
            let rows = lines.dropFirst()
            #expect(rows.count == 2)  // anna, bram (the boss was not employed in October)
            #expect(rows.compactMap { Int($0[minutes]) }.reduce(0, +) == (scenario.annaPairs + scenario.bramPairs).reduce(0, +))
            #expect(rows.compactMap { Int($0[punches]) }.reduce(0, +) == 9)

            let page = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10&format=html", token: scenario.boss.token)
            #expect(page.status == 200)
            #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
            #expect(!page.text.contains("<script"))
            #expect(!page.text.contains("style="))
            #expect(page.text.contains("Anna"))
            #expect(page.text.contains(String(format: "%.2f", Double(scenario.annaPairs.reduce(0, +)) / 60)))
            // One member's page adds a day-by-day timesheet.
            let sheet = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10&format=html&userID=\(scenario.anna.userID)", token: scenario.boss.token)
            #expect(sheet.text.contains("Timesheet: Anna"))
            #expect(sheet.text.contains("<tr class=\"odd_punches\"><td>2026-10-14 Wed</td>"))
            #expect(sheet.text.contains("<td>2026-10-05 Mon</td><td>present</td><td class=\"n\">9.00</td><td class=\"n\">8.00</td><td class=\"n\">1.00</td>"))
            #expect(!page.text.contains("Timesheet"))
            let css = try await server.client.json(.GET, "/api/v1/reports/print.css")
            #expect(css.status == 200)
            #expect(css.text.contains("@media print"))

            // Employees get only their own line; bad months are refused.
            let own = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10", token: scenario.anna.token).json
            #expect((own["employees"] as? [[String: Any]])?.map { $0["username"] as? String } == ["anna"])
            #expect(try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-13", token: scenario.boss.token).status == 400)
            #expect(try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10&format=pdf", token: scenario.boss.token).status == 400)
        }
    }

    @Test func chartDataSumsToTheWorkedTime() async throws {
        try await TestServer.with { server in
            let scenario = try await Self.makeScenario(server)
            let chart = try await server.client.json(.GET, "/api/v1/reports/chart?range=month&month=2026-10&smooth=true", token: scenario.boss.token).json
            let days = try #require(chart["days"] as? [[String: Any]])
            #expect(days.count == 31)
            let total = (scenario.annaPairs + scenario.bramPairs).reduce(0, +)
            #expect(days.compactMap { $0["workedMinutes"] as? Int }.reduce(0, +) == total)
            #expect(chart["totalWorkedMinutes"] as? Int == total)
            // The night across the DST change is split at local midnight: 2 h on Saturday, 7 h on Sunday.
            #expect(days.first { $0["date"] as? String == "2026-10-24" }?["workedMinutes"] as? Int == 120)
            #expect(days.first { $0["date"] as? String == "2026-10-25" }?["workedMinutes"] as? Int == 420)
            let smoothed = try #require(chart["smoothedHours"] as? [Double])
            #expect(smoothed.count == 20)
            let positions = try #require(chart["byPosition"] as? [[String: Any]])
            #expect(positions.compactMap { $0["workedMinutes"] as? Int }.reduce(0, +) == total)

            let own = try await server.client.json(.GET, "/api/v1/reports/chart?range=all", token: scenario.anna.token).json
            #expect(own["userID"] as? Int == Int(scenario.anna.userID))
            #expect(own["totalWorkedMinutes"] as? Int == scenario.annaPairs.reduce(0, +))
            #expect(try await server.client.json(.GET, "/api/v1/reports/chart?range=week", token: scenario.anna.token).status == 400)
            let recent = try await server.client.json(.GET, "/api/v1/reports/chart?range=7d", token: scenario.boss.token).json
            #expect((recent["days"] as? [[String: Any]])?.count == 7)
        }
    }
}

@Suite struct ReportScheduleTests {
    @Test func scheduledVersusWorkedAndHoursByPosition() async throws {
        try await TestServer.with { server in
            let scenario = try await ReportTests.makeScenario(server)
            // Anna's shifts (times in UTC; Amsterdam is UTC+2 in early October).
            let shifts: [(String, String, String, String)] = [
                ("2026-10-05", "2026-10-05T07:00:00Z", "2026-10-05T15:00:00Z", "bar"),      // worked 07:00–16:00: on time
                ("2026-10-06", "2026-10-06T06:30:00Z", "2026-10-06T15:15:00Z", "kitchen"),  // arrived 07:00: 30 min late
                ("2026-10-07", "2026-10-07T07:00:00Z", "2026-10-07T15:00:00Z", "bar"),      // no punches: no-show
            ]
            for (date, start, end, position) in shifts {
                try await server.pool.execute(
                    "INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, position) VALUES ($1, $2, $3::date, $4::timestamptz, $5::timestamptz, $6)",
                    [scenario.boss.workplaceID, scenario.anna.userID, date, start, end, position])
            }
            let report = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10&userID=\(scenario.anna.userID)", token: scenario.boss.token).json
            let anna = try ReportTests.employee(report, "anna")
            let schedule = try #require(anna["schedule"] as? [String: Any])
            #expect(schedule["scheduledShifts"] as? Int == 3)
            #expect(schedule["scheduledMinutes"] as? Int == 480 + 525 + 480)
            #expect(schedule["workedInScheduleMinutes"] as? Int == 480 + 495)
            #expect(schedule["lateArrivals"] as? Int == 1)
            #expect(schedule["earlyLeaves"] as? Int == 0)
            #expect(schedule["noShows"] as? Int == 1)
            let deviations = try #require(schedule["deviations"] as? [[String: Any]])
            #expect(deviations.contains { $0["kind"] as? String == "late_arrival" && $0["minutes"] as? Int == 30 && $0["date"] as? String == "2026-10-06" })
            #expect((anna["days"] as? [[String: Any]])?.count == 31)

            let chart = try await server.client.json(.GET, "/api/v1/reports/chart?range=month&month=2026-10&userID=\(scenario.anna.userID)", token: scenario.boss.token).json
            let positions = try #require(chart["byPosition"] as? [[String: Any]])
            let bar = try #require(positions.first { $0["position"] as? String == "bar" })
            #expect(bar["workedMinutes"] as? Int == 480)
            #expect(bar["scheduledMinutes"] as? Int == 960)
            let kitchen = try #require(positions.first { $0["position"] as? String == "kitchen" })
            #expect(kitchen["workedMinutes"] as? Int == 495)
            let unscheduled = try #require(positions.first { $0["position"] == nil })
            #expect(unscheduled["workedMinutes"] as? Int == 60 + 540)

            let byPosition = try await server.client.json(.GET, "/api/v1/punches?sort=position&userID=\(scenario.anna.userID)", token: scenario.boss.token).jsonArray
            #expect(byPosition.prefix(4).map { $0["position"] as? String } == ["bar", "bar", "kitchen", "kitchen"])
            #expect(byPosition.dropFirst(4).allSatisfy { $0["position"] == nil })
            let kitchenPunches = try await server.client.json(.GET, "/api/v1/punches?position=kitch", token: scenario.boss.token).jsonArray
            #expect(kitchenPunches.compactMap { $0["at"] as? String }.sorted() == ["2026-10-06T07:00:00Z", "2026-10-06T15:15:00Z"])
        }
    }
}
