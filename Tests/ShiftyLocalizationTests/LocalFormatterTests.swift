import Foundation
import Testing
@testable import ShiftyLocalization

@Suite struct LocalFormatterTests {
    let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
    /// Monday 6 July 2026, 22:30 in Amsterdam (20:30 UTC).
    let instant = Date(timeIntervalSince1970: 1_783_369_800)

    @Test func datesAndWeekdaysAreWrittenTheLanguagesWay() {
        let dutch = LocalFormatter(language: .dutch, timeZone: amsterdam)
        let english = LocalFormatter(language: .english, timeZone: amsterdam)
        #expect(dutch.date(instant, .long) == "maandag 6 juli 2026")
        #expect(english.date(instant, .long) == "Monday, 6 July 2026")
        #expect(dutch.weekday(1) == "maandag")
        #expect(dutch.weekday(7) == "zondag")
        #expect(english.weekday(3, abbreviated: true) == "Wed")
        #expect(dutch.date(year: 2026, month: 7, day: 6, .dayMonth) == "6 jul")
    }

    @Test func timesAreTwentyFourHourInTheTimeZone() {
        #expect(LocalFormatter(language: .english, timeZone: amsterdam).time(instant) == "22:30")
        #expect(LocalFormatter(language: .english, timeZone: TimeZone(identifier: "America/New_York")!).time(instant) == "16:30")
    }

    @Test func numbersDurationsAndWeeks() {
        let dutch = LocalFormatter(language: .dutch, timeZone: amsterdam)
        let english = LocalFormatter(language: .english, timeZone: amsterdam)
        #expect(dutch.number(7.5) == "7,5")
        #expect(english.number(7.5) == "7.5")
        #expect(english.number(1234.5) == "1,234.5")
        #expect(dutch.duration(minutes: 450) == "7 u 30 min")
        #expect(english.duration(minutes: 450) == "7 h 30 min")
        #expect(dutch.duration(minutes: 480) == "8 uur")
        #expect(english.duration(minutes: -45) == "−45 min")
        #expect(dutch.isoWeek(instant) == "Week 28")
        // 1 January 2027 is a Friday: ISO week 53 of 2026.
        #expect(english.isoWeek(Date(timeIntervalSince1970: 1_798_794_000)) == "Week 53")
    }
}
