/// A calendar date without a time zone ("2026-03-29"), as people in a workplace talk about it.
///
/// Shifts, requests and timeclock days are all anchored to the workplace-local date, so the date
/// is a value of its own instead of a `Date` at some arbitrary midnight that shifts when
/// it crosses a time zone.
public struct LocalDate: Sendable, Hashable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date, or `nil` when the combination does not exist (2026-02-30, month 13, …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the date that lies `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        let civil = CivilCalendar.civil(fromDaysSinceEpoch: daysSinceEpoch)
        self.year = civil.year
        self.month = civil.month
        self.day = civil.day
    }

    /// Days since 1970-01-01; handy as a dense integer key and for day differences.
    public var daysSinceEpoch: Int {
        CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// The date `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: LocalDate) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// The ISO weekday of this date.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (ISO 4).
        let offset = CivilCalendar.floorDivide(daysSinceEpoch + 3, 7).remainder
        return Weekday(rawValue: offset + 1) ?? .monday
    }

    /// Number of days in this date's month.
    public var daysInMonth: Int { CivilCalendar.daysInMonth(year: year, month: month) }

    /// The first day of this date's month.
    public var firstOfMonth: LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch - (day - 1)) }

    /// Every date of the given month in order, or an empty array for an invalid month.
    public static func datesOfMonth(year: Int, month: Int) -> [LocalDate] {
        guard let first = LocalDate(year: year, month: month, day: 1) else { return [] }
        return (0..<first.daysInMonth).map { first.adding(days: $0) }
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
