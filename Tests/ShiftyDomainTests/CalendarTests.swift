import Foundation
import Testing
@testable import ShiftyDomain

@Suite struct LocalDateTests {
    @Test(arguments: [
        ("2026-01-01", true), ("2024-02-29", true), ("2023-02-29", false), ("2026-13-01", false),
        ("2026-1-01", false), ("2026-01-1x", false), ("", false), ("2026/01/01", false), ("0000-01-01", false),
    ])
    func parsing(text: String, valid: Bool) {
        let date = LocalDate(text)
        #expect((date != nil) == valid)
        if let date { #expect(date.description == text) }
    }

    @Test func arithmeticAcrossMonthAndYearBoundaries() throws {
        let date = try #require(LocalDate("2024-02-28"))
        #expect(date.adding(days: 1).description == "2024-02-29")
        #expect(date.adding(days: 2).description == "2024-03-01")
        #expect(try #require(LocalDate("2025-12-31")).adding(days: 1).description == "2026-01-01")
        #expect(try #require(LocalDate("1969-12-31")).daysSinceEpoch == -1)
        #expect(date.adding(days: -365).description == "2023-02-28")
        #expect(date.days(until: try #require(LocalDate("2025-02-28"))) == 366)
    }

    @Test func weekdays() throws {
        #expect(try #require(LocalDate("1970-01-01")).weekday == .thursday)
        #expect(try #require(LocalDate("2026-11-21")).weekday == .saturday)
        #expect(try #require(LocalDate("2026-11-22")).weekday == .sunday)
        #expect(try #require(LocalDate("2026-11-23")).weekday == .monday)
        #expect(try #require(LocalDate("1969-12-29")).weekday == .monday)
    }

    @Test(arguments: [
        ("2015-06-30", "2015-W27"), ("2016-06-30", "2016-W26"), ("2021-01-03", "2020-W53"),
        ("2024-12-30", "2025-W01"), ("2026-01-01", "2026-W01"), ("2027-01-01", "2026-W53"),
        ("2026-12-31", "2026-W53"), ("2022-01-02", "2021-W52"),
    ])
    func isoWeeks(date: String, week: String) throws {
        let localDate = try #require(LocalDate(date))
        #expect(localDate.isoWeek.description == week)
        #expect(localDate.isoWeek.dates.contains(localDate))
        #expect(localDate.isoWeek.monday.weekday == .monday)
    }

    @Test func seedWeekLabel() throws {
        #expect(try #require(LocalDate("2015-06-30")).weekOfYearLabel == "Week 27")
    }

    @Test func codableAsString() throws {
        let date = try #require(LocalDate("2026-07-04"))
        let data = try JSONEncoder().encode([date])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2026-07-04\"]")
        #expect(try JSONDecoder().decode([LocalDate].self, from: data) == [date])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LocalDate].self, from: Data("[\"2026-02-30\"]".utf8)) }
    }
}

@Suite struct LocalTimeTests {
    @Test(arguments: [("00:00", 0), ("09:30", 570), ("23:59", 1439)])
    func valid(text: String, minutes: Int) {
        #expect(LocalTime(text)?.minutesSinceMidnight == minutes)
        #expect(LocalTime(text)?.description == text)
    }

    @Test(arguments: ["24:00", "9:30", "09:60", "ab:cd", "", "09-30"])
    func invalid(text: String) {
        #expect(LocalTime(text) == nil)
    }
}

@Suite struct WorkplaceTimeZoneTests {
    let amsterdam = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")
    let newYork = try! WorkplaceTimeZone(identifier: "America/New_York")

    func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text) ?? .distantPast
    }

    @Test func refusesUnknownIdentifiers() {
        #expect(throws: WorkplaceTimeZone.ValidationError.unknownIdentifier("Europe/Amsterdm")) {
            try WorkplaceTimeZone(identifier: "Europe/Amsterdm")
        }
        #expect(throws: WorkplaceTimeZone.ValidationError.self) { try WorkplaceTimeZone(identifier: "CET") }
        #expect(throws: WorkplaceTimeZone.ValidationError.self) { try WorkplaceTimeZone(identifier: "") }
        #expect(throws: WorkplaceTimeZone.ValidationError.self) { try WorkplaceTimeZone(identifier: "GMT+1") }
        #expect(throws: WorkplaceTimeZone.ValidationError.self) { try WorkplaceTimeZone(identifier: "europe/amsterdam") }
        #expect(throws: WorkplaceTimeZone.ValidationError.self) { try WorkplaceTimeZone(identifier: "Mars/Base") }
        #expect(throws: WorkplaceTimeZone.ValidationError.self) { try WorkplaceTimeZone(identifier: "../../etc/passwd") }
        for valid in ["UTC", "Asia/Kolkata", "America/Argentina/Buenos_Aires", "Europe/Kyiv", "Pacific/Chatham"] {
            #expect((try? WorkplaceTimeZone(identifier: valid))?.identifier == valid)
        }
    }

    @Test func ordinaryConversion() throws {
        let date = try #require(LocalDate("2026-07-01"))
        #expect(amsterdam.instant(on: date, at: try #require(LocalTime("09:00"))) == utc("2026-07-01T07:00:00Z"))
        #expect(newYork.instant(on: date, at: try #require(LocalTime("09:00"))) == utc("2026-07-01T13:00:00Z"))
        let back = amsterdam.localDateTime(of: utc("2026-07-01T22:30:00Z"))
        #expect(back.date.description == "2026-07-02")
        #expect(back.time.description == "00:30")
    }

    @Test func springForwardGapMovesForward() throws {
        // 2026-03-29 02:00 CET jumps to 03:00 CEST in Amsterdam.
        let date = try #require(LocalDate("2026-03-29"))
        let instant = amsterdam.instant(on: date, at: try #require(LocalTime("02:30")))
        #expect(instant == utc("2026-03-29T01:30:00Z"))
        #expect(amsterdam.localDateTime(of: instant).time.description == "03:30")
        // New York: 2026-03-08 02:00 EST jumps to 03:00 EDT.
        let nyDate = try #require(LocalDate("2026-03-08"))
        let nyInstant = newYork.instant(on: nyDate, at: try #require(LocalTime("02:15")))
        #expect(newYork.localDateTime(of: nyInstant).time.description == "03:15")
        #expect(nyInstant == utc("2026-03-08T07:15:00Z"))
    }

    @Test func fallBackTakesFirstOccurrence() throws {
        // 2026-10-25 03:00 CEST falls back to 02:00 CET: 02:30 happens twice.
        let date = try #require(LocalDate("2026-10-25"))
        #expect(amsterdam.instant(on: date, at: try #require(LocalTime("02:30"))) == utc("2026-10-25T00:30:00Z"))
        let nyDate = try #require(LocalDate("2026-11-01"))
        #expect(newYork.instant(on: nyDate, at: try #require(LocalTime("01:30"))) == utc("2026-11-01T05:30:00Z"))
    }

    @Test func dayLengths() throws {
        #expect(amsterdam.lengthOfDayInMinutes(try #require(LocalDate("2026-03-29"))) == 23 * 60)
        #expect(amsterdam.lengthOfDayInMinutes(try #require(LocalDate("2026-10-25"))) == 25 * 60)
        #expect(amsterdam.lengthOfDayInMinutes(try #require(LocalDate("2026-10-26"))) == 24 * 60)
        #expect(newYork.lengthOfDayInMinutes(try #require(LocalDate("2026-03-08"))) == 23 * 60)
        #expect(newYork.lengthOfDayInMinutes(try #require(LocalDate("2026-11-01"))) == 25 * 60)
        let date = try #require(LocalDate("2026-10-25"))
        #expect(amsterdam.startOfDay(date) == utc("2026-10-24T22:00:00Z"))
        #expect(amsterdam.endOfDay(date) == utc("2026-10-25T23:00:00Z"))
    }

    @Test func codable() throws {
        let data = try JSONEncoder().encode([amsterdam])
        #expect(try JSONDecoder().decode([WorkplaceTimeZone].self, from: data) == [amsterdam])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([WorkplaceTimeZone].self, from: Data("[\"Mars/Base\"]".utf8))
        }
    }
}
