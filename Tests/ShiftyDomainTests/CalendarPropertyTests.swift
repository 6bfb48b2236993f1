import Foundation
import Testing
@testable import ShiftyDomain

/// Exhaustive checks that make the calendar code a trustworthy reference for the SQL side.
@Suite struct CalendarPropertyTests {
    @Test func civilDaysRoundTripAndAgreeWithFoundation() throws {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = try #require(TimeZone(identifier: "UTC"))
        // Foundation's Gregorian calendar is Julian before 1582-10-15, so compare from 1600 on.
        for days in stride(from: -135_000, through: 200_000, by: 97) {
            let date = LocalDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect(LocalDate(date.description) == date)
            let components = gregorian.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: TimeInterval(days) * 86_400))
            #expect(components.year == date.year && components.month == date.month && components.day == date.day)
            // Foundation: 1 = Sunday … 7 = Saturday.
            #expect(components.weekday.map { ($0 + 5) % 7 + 1 } == date.weekday.isoNumber)
        }
    }

    @Test func isoWeeksAgreeWithFoundation() throws {
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = try #require(TimeZone(identifier: "UTC"))
        let start = try #require(LocalDate("2019-12-20"))
        for offset in 0..<(366 * 8) {
            let date = start.adding(days: offset)
            let instant = Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch) * 86_400)
            let components = iso.dateComponents([.weekOfYear, .yearForWeekOfYear], from: instant)
            #expect(components.weekOfYear == date.isoWeek.week && components.yearForWeekOfYear == date.isoWeek.weekBasedYear, "\(date)")
        }
    }

    @Test(arguments: [
        ("Europe/Amsterdam", "2026-03-29"), ("Europe/Amsterdam", "2026-10-25"),
        ("America/New_York", "2026-03-08"), ("America/New_York", "2026-11-01"),
        ("Australia/Lord_Howe", "2026-04-05"), ("Asia/Kolkata", "2026-03-29"),
    ])
    func everyMinuteOfADSTDayFollowsThePolicy(zone: String, day: String) throws {
        let timeZone = try WorkplaceTimeZone(identifier: zone)
        let date = try #require(LocalDate(day))
        let gapMinutes = max(0, LocalTime.minutesPerDay - timeZone.lengthOfDayInMinutes(date))
        var shifted = 0
        for minute in 0..<LocalTime.minutesPerDay {
            let time = try #require(LocalTime(minutesSinceMidnight: minute))
            let instant = timeZone.instant(on: date, at: time)
            let back = timeZone.localDateTime(of: instant)
            if back.date == date && back.time == time {
                // Existing time: for ambiguous ones, the first occurrence (one hour earlier is not the same reading).
                let earlier = timeZone.localDateTime(of: instant.addingTimeInterval(-3600))
                #expect(!(earlier.date == date && earlier.time == time) || timeZone.offset(atEpochSeconds: Int(instant.timeIntervalSince1970)) == timeZone.offset(atEpochSeconds: Int(instant.timeIntervalSince1970) - 3600))
            } else {
                // Gap: moved forward by exactly the gap length.
                shifted += 1
                #expect(back.date == date && back.time.minutesSinceMidnight == minute + gapMinutes, "\(zone) \(time) → \(back.time)")
            }
        }
        // Minutes skipped by a gap are exactly the ones missing from the day's length.
        #expect(shifted == gapMinutes)
    }
}

@Suite struct HostileInputTests {
    @Test func absurdInstantsAndWindowsDoNotTrap() throws {
        let zone = try WorkplaceTimeZone(identifier: "Europe/Amsterdam")
        _ = zone.localDateTime(of: Date(timeIntervalSince1970: .infinity))
        _ = zone.localDateTime(of: Date(timeIntervalSince1970: .nan))
        _ = zone.localDateTime(of: .distantFuture)
        let rule = try FixedShift(
            id: FixedShiftID(rawValue: 9003), owner: UserID(rawValue: 9004), weekday: .monday,
            startTime: .midnight, durationMinutes: 60, validFrom: try #require(LocalDate("2026-01-05")))
        let occurrences = rule.occurrences(from: try #require(LocalDate("2026-01-05")), weeks: .max, in: zone)
        #expect(occurrences.count == FixedShift.maximumGenerationWeeks)
        #expect(LocalDate.datesOfMonth(year: 2026, month: 13).isEmpty)
        let report = TimeclockCalculator(timeZone: zone).monthReport(year: 2026, month: 0, punches: [])
        #expect(report.days.isEmpty && report.weeks.isEmpty && report.overtimeMinutes == 0)
    }
}
