/// An ISO 8601 week ("2026-W27"): weeks start on Monday and week 1 holds the year's first Thursday.
///
/// The seed app labels schedule sections "Week 27"; ISO numbering is what Dutch workplaces use
/// and what PostgreSQL's `EXTRACT(WEEK …)` / `IYYY-IW` return, so server and domain agree.
public struct ISOWeek: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The ISO week-based year (may differ from the calendar year around New Year).
    public let weekBasedYear: Int
    /// 1…52 or 1…53.
    public let week: Int

    public init?(weekBasedYear: Int, week: Int) {
        guard (1...ISOWeek.weeks(inWeekBasedYear: weekBasedYear)).contains(week) else { return nil }
        self.weekBasedYear = weekBasedYear
        self.week = week
    }

    /// The ISO week that contains `date`.
    public init(containing date: LocalDate) {
        let ordinal = date.daysSinceEpoch - CivilCalendar.daysSinceEpoch(year: date.year, month: 1, day: 1) + 1
        let week = (ordinal - date.weekday.isoNumber + 10) / 7
        if week < 1 {
            self.weekBasedYear = date.year - 1
            self.week = ISOWeek.weeks(inWeekBasedYear: date.year - 1)
        } else if week > ISOWeek.weeks(inWeekBasedYear: date.year) {
            self.weekBasedYear = date.year + 1
            self.week = 1
        } else {
            self.weekBasedYear = date.year
            self.week = week
        }
    }

    /// 53 when the year starts on a Thursday, or is a leap year starting on a Wednesday; else 52.
    public static func weeks(inWeekBasedYear year: Int) -> Int {
        guard let januaryFirst = LocalDate(year: year, month: 1, day: 1) else { return 52 }
        let weekday = januaryFirst.weekday
        if weekday == .thursday || (weekday == .wednesday && CivilCalendar.isLeapYear(year)) {
            return 53
        }
        return 52
    }

    /// The Monday that starts this week.
    public var monday: LocalDate {
        // January 4th is always in week 1.
        let januaryFourth = LocalDate(daysSinceEpoch: CivilCalendar.daysSinceEpoch(year: weekBasedYear, month: 1, day: 4))
        let firstMonday = januaryFourth.adding(days: 1 - januaryFourth.weekday.isoNumber)
        return firstMonday.adding(days: (week - 1) * 7)
    }

    /// The seven dates Monday…Sunday of this week.
    public var dates: [LocalDate] { (0..<7).map { monday.adding(days: $0) } }

    /// The seed app's section header, e.g. "Week 27".
    public var label: String { "Week \(week)" }

    /// "2026-W27", the ISO 8601 text form.
    public var description: String { "\(ASCIIDigits.padded(weekBasedYear, width: 4))-W\(ASCIIDigits.padded(week, width: 2))" }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
        (lhs.weekBasedYear, lhs.week) < (rhs.weekBasedYear, rhs.week)
    }
}

extension LocalDate {
    /// The ISO week containing this date.
    public var isoWeek: ISOWeek { ISOWeek(containing: self) }

    /// The seed app's `getWeekOfYear()`: "Week 27" for 2015-06-30.
    public var weekOfYearLabel: String { isoWeek.label }
}
