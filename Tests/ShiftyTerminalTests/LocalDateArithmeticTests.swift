@testable import ShiftyTerminal
import Testing

/// The week arithmetic `shifty team --week` and `shifty hours` rely on.
@Suite struct LocalDateArithmeticTests {
    @Test func dayNumbersRoundTripAcrossMonthsYearsAndLeapDays() {
        #expect(LocalDateText.dayNumber(of: "1970-01-01") == 0)
        #expect(LocalDateText.dayNumber(of: "2026-11-25") == 20_782)
        for text in ["2024-02-29", "2026-12-31", "2027-01-01", "2000-03-01", "1969-12-31"] {
            #expect(LocalDateText.text(ofDayNumber: LocalDateText.dayNumber(of: text)!) == text)
        }
        #expect(LocalDateText.adding(1, to: "2024-02-28") == "2024-02-29")
        #expect(LocalDateText.adding(1, to: "2026-12-31") == "2027-01-01")
        #expect(LocalDateText.adding(-1, to: "2026-03-01") == "2026-02-28")
        #expect(LocalDateText.dayNumber(of: "2026-13-01") == nil)
        #expect(LocalDateText.dayNumber(of: "next week") == nil)
    }

    @Test func mondayOfAWeekReachesBackIntoThePreviousMonth() {
        #expect(LocalDateText.monday(of: "2026-11-25") == "2026-11-23")
        #expect(LocalDateText.monday(of: "2026-11-23") == "2026-11-23")
        #expect(LocalDateText.monday(of: "2026-11-29") == "2026-11-23")
        #expect(LocalDateText.monday(of: "2026-11-01") == "2026-10-26")
        #expect(LocalDateText.week(startingOn: "2026-12-28") == ["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"])
    }

    @Test func teamWeekPutsEachShiftUnderItsDayAndFitsTheWidth() {
        let shifts = [
            Fixtures.shift(7, owner: 2, ownerName: "Ben", date: "2026-11-25", start: "09:00", end: "17:00", position: "bar", status: .scheduled),
            Fixtures.shift(8, owner: 1, ownerName: "Anna", date: "2026-11-29", start: "12:00", end: "16:00", position: nil, status: .supplied),
            Fixtures.shift(9, owner: 1, ownerName: "Anna", date: "2026-11-29", start: "08:00", end: "11:00", position: nil, status: .inDeal),
        ]
        let table = ListTables.teamWeek(shifts, monday: "2026-11-23")
        #expect(table.header == ["WHO", "Mon 23 Nov", "Tue 24 Nov", "Wed 25 Nov", "Thu 26 Nov", "Fri 27 Nov", "Sat 28 Nov", "Sun 29 Nov"])
        #expect(table.rows.map(\.first) == ["Anna", "Ben"])
        #expect(table.rows[0][7] == "#9 08:00–11:00 (in deal); #8 12:00–16:00 (offered)")
        #expect(table.rows[1][3] == "#7 09:00–17:00 bar")
        let lines = table.renderTable(width: 80)
        #expect(lines.allSatisfy { TerminalText.width($0) <= 80 }, "\(lines)")
    }
}
