import Foundation
import Testing
@testable import ShiftyDomain

/// The precomputed day table must give exactly the time zone's answers.
@Suite struct TimeclockDayTableTests {
    let amsterdam = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")

    @Test func agreesWithTheTimeZoneAcrossBothDSTChanges() throws {
        let first = try #require(LocalDate("2026-03-25"))
        let last = try #require(LocalDate("2026-11-05"))
        let table = LocalDayTable(timeZone: amsterdam, from: first, through: last)
        // Every 7 minutes and 13 seconds over the whole range, including both change nights.
        var instant = amsterdam.startOfDay(first)
        let end = amsterdam.endOfDay(last)
        var checked = 0
        while instant < end {
            #expect(table.localDate(of: instant) == amsterdam.localDate(of: instant))
            instant.addTimeInterval(433)
            checked += 1
        }
        #expect(checked > 40_000)
        #expect(table.localDate(of: amsterdam.startOfDay(first).addingTimeInterval(-1)) == nil)
        #expect(table.localDate(of: end) == nil)
        #expect(table.startOfDay(try #require(LocalDate("2026-10-25"))) == amsterdam.startOfDay(try #require(LocalDate("2026-10-25"))))
        #expect(table.startOfDay(try #require(LocalDate("2026-11-07"))) == nil)
        #expect(LocalDayTable(timeZone: amsterdam, from: last, through: first).localDate(of: instant) == nil)
    }

    @Test func preparedCalculatorGivesTheSameReports() throws {
        let plain = TimeclockCalculator(timeZone: amsterdam)
        func work(_ date: String, _ from: String, hours: Double) throws -> [Punch] {
            let start = amsterdam.instant(on: try #require(LocalDate(date)), at: try #require(LocalTime(from)))
            return [Punch(.checkIn, at: start), Punch(.checkOut, at: start.addingTimeInterval(hours * 3600))]
        }
        // October 2026: nights across the 25-hour Sunday and across the month's end, an odd day.
        let punches = try work("2026-09-30", "22:00", hours: 5) + work("2026-10-05", "09:00", hours: 9)
            + work("2026-10-24", "22:00", hours: 9) + work("2026-10-31", "20:00", hours: 7)
            + [Punch(.checkIn, at: amsterdam.instant(on: try #require(LocalDate("2026-10-14")), at: try #require(LocalTime("08:00"))))]
        let closed: Set<LocalDate> = [try #require(LocalDate("2026-10-02"))]
        for (year, month) in [(2026, 10), (2026, 3), (2026, 9), (2026, 11)] {
            let dates = LocalDate.datesOfMonth(year: year, month: month)
            let first = try #require(dates.first)
            let last = try #require(dates.last)
            let prepared = plain.prepared(from: first.adding(days: -2), through: last.adding(days: 2))
            let expected = plain.monthReport(year: year, month: month, punches: punches, closedDates: closed)
            #expect(prepared.monthReport(year: year, month: month, punches: punches, closedDates: closed) == expected)
            // A table that covers only part of the month falls back to the time zone for the rest.
            let partial = plain.prepared(from: first.adding(days: 3), through: first.adding(days: 5))
            #expect(partial.monthReport(year: year, month: month, punches: punches, closedDates: closed) == expected)
        }
        let october = plain.prepared(from: try #require(LocalDate("2026-09-29")), through: try #require(LocalDate("2026-11-02")))
            .monthReport(year: 2026, month: 10, punches: punches)
        #expect(october.days.first { $0.date.description == "2026-10-25" }?.lengthMinutes == 1500)
        #expect(october.days.first { $0.date.description == "2026-10-25" }?.workedMinutes == 420)
    }
}
