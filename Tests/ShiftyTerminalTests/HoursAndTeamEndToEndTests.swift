import Foundation
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// `shifty hours` and `shifty team --week` as typed in a terminal, against a real server.
@Suite struct HoursAndTeamEndToEndTests {
    @Test func hoursShowsThisWeekAndThisMonthFromThePunches() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            // An hour worked that ended half an hour ago (a manager adds the punches, as after a kiosk
            // outage); run just after midnight, the hour before midnight instead, so it lies in one day.
            let zone = TimeZone(identifier: "Europe/Amsterdam")!
            var calendar = Calendar(identifier: .iso8601)
            calendar.timeZone = zone
            let now = Date()
            var checkIn = now.addingTimeInterval(-90 * 60)
            if !calendar.isDate(checkIn, inSameDayAs: checkIn.addingTimeInterval(3600)) {
                checkIn = calendar.startOfDay(for: now).addingTimeInterval(-3600)
            }
            // "This week" is shown for the current week only: early on a Monday the hour lies in the last one.
            let inThisWeek = calendar.isDate(checkIn, equalTo: now, toGranularity: .weekOfYear)
            for (kind, at) in [("in", checkIn), ("out", checkIn.addingTimeInterval(3600))] {
                let punch = try await server.client.json(.POST, "/api/v1/punches", [
                    "userID": workplace.annaID, "at": at.formatted(.iso8601), "kind": kind, "reason": "kiosk was down",
                ], token: workplace.managerToken)
                try #require(punch.status == 201, "punch: \(punch.status) \(punch.text)")
            }
            let anna = ShiftyBinary(server: workplace.address.description, token: workplace.anna.token)
            let day = checkIn.formatted(Date.ISO8601FormatStyle(timeZone: zone).year().month().day())

            let table = try await anna.run(["hours", "--month", String(day.prefix(7))])
            #expect(table.status == 0, "\(table)")
            let lines = table.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("PERIOD") == true, "\(table.stdout)")
            let weekLine = inThisWeek ? try #require(lines.first { $0.hasPrefix("This week (") }, "\(table.stdout)") : "1h00"
            let monthLine = try #require(lines.first { $0.hasPrefix(ListTables.monthName(String(day.prefix(7)))) }, "\(table.stdout)")
            // Scheduled 0, worked 1h00 (no shift, so no break rule applies), both totals.
            #expect(weekLine.contains("1h00"), "\(weekLine)")
            #expect(monthLine.contains("1h00"), "\(monthLine)")
            let dayLine = try #require(lines.first { $0.contains(ShiftListFormatter.date(day)) }, "\(table.stdout)")
            // The day's status depends on the quota rules (a day off for a member without quota); the hour is what counts.
            #expect(dayLine.contains("1h00") && dayLine.contains("worked without shift"), "\(dayLine)")

            let csv = try await anna.run(["hours", "--output", "csv"])
            let rows = csv.stdout.components(separatedBy: "\r\n")
            #expect(rows.first == "DATE,STATUS,SCHEDULED,WORKED,BREAK,PAID,OVERTIME,NEEDS A LOOK", "\(csv)")
            let dayRow = try #require(rows.first { $0.hasPrefix(ShiftListFormatter.date(day) + ",") }, "\(csv.stdout)")
            let fields = dayRow.split(separator: ",", omittingEmptySubsequences: false)
            #expect(fields.count == 8 && fields[2] == "" && fields[3] == "1h00" && fields[5] == "1h00" && fields[7] == "worked without shift", "\(dayRow)")

            let json = try await anna.run(["hours", "--output", "json", "--month", String(day.prefix(7))])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
            #expect(object["workedMinutes"] as? Int == 60 && object["month"] as? String == String(day.prefix(7)), "\(json.stdout)")

            let wrongMonth = try await anna.run(["hours", "--month", "2026-13"])
            #expect(wrongMonth.status == 2 && wrongMonth.stderr.contains("YYYY-MM"), "\(wrongMonth)")
        }
    }

    @Test func teamWeekIsAGridOfPeopleAndDays() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server)
            let shiftID = try await workplace.createShiftForAnna(inDays: 8, at: "09:00")
            let date = TerminalDates.amsterdamDate(inDays: 8)
            let ben = ShiftyBinary(server: workplace.address.description, token: workplace.ben.token)
            let anna = ShiftyBinary(server: workplace.address.description, token: workplace.anna.token)
            #expect(try await anna.run(["supply", "\(shiftID)"]).status == 0)

            let grid = try await ben.run(["team", "--week", "--week-of", date])
            #expect(grid.status == 0, "\(grid)")
            let lines = grid.stdout.split(separator: "\n").map(String.init)
            let monday = try #require(LocalDateText.monday(of: date))
            #expect(lines.first == "Week of \(ShiftListFormatter.date(monday)) – \(ShiftListFormatter.date(LocalDateText.adding(6, to: monday)!))", "\(grid.stdout)")
            // Creating the shift published its week: since when it is final, in the workplace's time.
            #expect(lines.count > 1 && lines[1].hasPrefix("Final since "), "\(grid.stdout)")
            let header = try #require(lines.first { $0.hasPrefix("WHO") }, "\(grid.stdout)")
            #expect(header.contains(ShiftListFormatter.date(monday)) && header.contains("Sun "), "\(header)")
            let row = try #require(lines.first { $0.hasPrefix("Anna") }, "\(grid.stdout)")
            #expect(row.contains("#\(shiftID) 09:00–13:00 (offered)"), "\(row)")

            // The cell sits under its weekday's column (CSV: one column per day from Monday).
            let csv = try await ben.run(["team", "--week-of", date, "--output", "csv"])
            let rows = csv.stdout.components(separatedBy: "\r\n")
            let csvRow = try #require(rows.first { $0.hasPrefix("Anna,") }, "\(csv.stdout)")
            let column = try #require(LocalDateText.week(startingOn: monday).firstIndex(of: date))
            #expect(csvRow.split(separator: ",", omittingEmptySubsequences: false)[column + 1] == "#\(shiftID) 09:00–13:00 (offered)", "\(csvRow)")

            let json = try await ben.run(["team", "--week-of", date, "--output", "json"])
            let shifts = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
            #expect(shifts.contains { $0["id"] as? Int == Int(shiftID) && $0["status"] as? String == "supplied" })

            // A narrow terminal is not available through a pipe; the table fitting is the renderer's (RenderingTests).
            let empty = try await ben.run(["team", "--week-of", "2020-01-01"])
            #expect(empty.status == 0 && empty.stdout.contains("Nobody is scheduled this week."), "\(empty)")
            #expect(empty.stdout.contains("Not published yet"), "\(empty)")
            let bad = try await ben.run(["team", "--week-of", "next week"])
            #expect(bad.status == 2, "\(bad)")
        }
    }
}
