import Foundation
import Testing
@testable import ShiftyDomain

@Suite struct FixedShiftOccurrenceTests {
    let amsterdam = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")
    let newYork = try! WorkplaceTimeZone(identifier: "America/New_York")
    let owner = UserID(rawValue: 9001)

    func rule(_ weekday: Weekday, _ start: String, minutes: Int, from: String = "2026-01-01", until: String? = nil) throws -> FixedShift {
        try FixedShift(
            id: FixedShiftID(rawValue: 9002), owner: owner, weekday: weekday, startTime: try #require(LocalTime(start)),
            durationMinutes: minutes, positionLabel: "bar", validFrom: try #require(LocalDate(from)),
            validUntil: until.flatMap(LocalDate.init))
    }

    func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text) ?? .distantPast }

    @Test func eightWeeksExactly() throws {
        let today = try #require(LocalDate("2026-06-01")) // a Monday
        let occurrences = try rule(.monday, "09:00", minutes: 480).occurrences(from: today, in: amsterdam)
        #expect(occurrences.count == 8)
        #expect(occurrences.first?.date == today)
        #expect(occurrences.last?.date.description == "2026-07-20")
        #expect(occurrences.allSatisfy { $0.end.timeIntervalSince($0.start) == 8 * 3600 && $0.positionLabel == "bar" })
        // A Sunday rule seen from that Monday: first is 6 days later, last is day 55.
        let sundays = try rule(.sunday, "09:00", minutes: 60).occurrences(from: today, in: amsterdam)
        #expect(sundays.map(\.date.description).first == "2026-06-07")
        #expect(sundays.map(\.date.description).last == "2026-07-26")
        #expect(sundays.count == 8)
        // From a Tuesday, the Monday 8 weeks later (day 55) is the last one inside the window.
        let fromTuesday = try rule(.monday, "09:00", minutes: 60).occurrences(from: today.adding(days: 1), in: amsterdam)
        #expect(fromTuesday.count == 8)
        #expect(fromTuesday.first?.date.description == "2026-06-08")
        #expect(fromTuesday.last?.date.description == "2026-07-27")
    }

    @Test func amsterdamSpringForwardWeek() throws {
        let today = try #require(LocalDate("2026-03-23"))
        let sunday = try rule(.sunday, "02:30", minutes: 240).occurrences(from: today, weeks: 1, in: amsterdam)
        let only = try #require(sunday.first)
        // 02:30 does not exist on 2026-03-29: it moves to 03:30 CEST = 01:30 UTC.
        #expect(only.start == utc("2026-03-29T01:30:00Z"))
        #expect(only.end == utc("2026-03-29T05:30:00Z"))
        // Saturday 22:00 + 8 h across the jump: ends 07:00 CEST on the wall clock, 8 real hours.
        let night = try #require(try rule(.saturday, "22:00", minutes: 480).occurrences(from: today, weeks: 1, in: amsterdam).first)
        #expect(night.date.description == "2026-03-28")
        #expect(night.start == utc("2026-03-28T21:00:00Z"))
        #expect(night.end == utc("2026-03-29T05:00:00Z"))
        #expect(amsterdam.localDateTime(of: night.end).time.description == "07:00")
    }

    @Test func amsterdamFallBackWeek() throws {
        let today = try #require(LocalDate("2026-10-19"))
        let ambiguous = try #require(try rule(.sunday, "02:30", minutes: 60).occurrences(from: today, weeks: 1, in: amsterdam).first)
        #expect(ambiguous.start == utc("2026-10-25T00:30:00Z")) // first (CEST) occurrence
        let weekday = try #require(try rule(.monday, "09:00", minutes: 60).occurrences(from: today, weeks: 2, in: amsterdam).last)
        #expect(weekday.start == utc("2026-10-26T08:00:00Z")) // CET after the change
    }

    @Test func newYorkDSTWeeks() throws {
        let march = try rule(.sunday, "02:15", minutes: 120).occurrences(from: try #require(LocalDate("2026-03-02")), weeks: 2, in: newYork)
        #expect(march.map(\.start) == [utc("2026-03-08T07:15:00Z"), utc("2026-03-15T06:15:00Z")])
        let november = try rule(.sunday, "01:30", minutes: 60).occurrences(from: try #require(LocalDate("2026-10-26")), weeks: 2, in: newYork)
        #expect(november.map(\.start) == [utc("2026-11-01T05:30:00Z"), utc("2026-11-08T06:30:00Z")])
    }

    @Test func crossingMidnightKeepsTheStartDate() throws {
        let today = try #require(LocalDate("2026-06-01"))
        let night = try #require(try rule(.friday, "22:00", minutes: 480).occurrences(from: today, weeks: 1, in: amsterdam).first)
        #expect(night.date.description == "2026-06-05")
        #expect(night.start == utc("2026-06-05T20:00:00Z"))
        #expect(night.end == utc("2026-06-06T04:00:00Z"))
        let fullDay = try #require(try rule(.friday, "00:00", minutes: 1440).occurrences(from: today, weeks: 1, in: amsterdam).first)
        #expect(fullDay.end == amsterdam.endOfDay(fullDay.date))
    }

    @Test func validityRangeAndClosedDates() throws {
        let today = try #require(LocalDate("2026-06-01"))
        let limited = try rule(.wednesday, "09:00", minutes: 60, from: "2026-06-10", until: "2026-07-01")
        let dates = limited.occurrences(from: today, in: amsterdam, closedDates: [try #require(LocalDate("2026-06-17"))]).map(\.date.description)
        #expect(dates == ["2026-06-10", "2026-06-24", "2026-07-01"])
        #expect(limited.occurrences(from: today, weeks: 0, in: amsterdam).isEmpty)
    }

    @Test func invalidRulesAreRefused() throws {
        #expect(throws: FixedShift.ValidationError.durationOutOfRange(0)) { try rule(.monday, "09:00", minutes: 0) }
        #expect(throws: FixedShift.ValidationError.durationOutOfRange(1441)) { try rule(.monday, "09:00", minutes: 1441) }
        #expect(throws: FixedShift.ValidationError.self) { try rule(.monday, "09:00", minutes: 60, from: "2026-06-10", until: "2026-06-09") }
    }

    @Test func groupingByISOWeek() throws {
        let dates = ["2026-12-31", "2026-12-28", "2027-01-04", "2027-01-03"].compactMap(LocalDate.init)
        let groups = WeekGroup.group(dates) { $0 }
        #expect(groups.map(\.week.description) == ["2026-W53", "2027-W01"])
        #expect(groups.map(\.label) == ["Week 53", "Week 1"])
        #expect(groups[0].items.map(\.description) == ["2026-12-31", "2026-12-28", "2027-01-03"])
        #expect(WeekGroup<LocalDate>.group([]) { $0 }.isEmpty)
    }
}
