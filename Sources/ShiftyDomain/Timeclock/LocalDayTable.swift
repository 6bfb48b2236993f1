import Foundation

/// The local day boundaries of a range of dates, computed once.
///
/// Converting between instants and local dates asks the time zone database several times per
/// call (see `WorkplaceTimeZone.epochSeconds(on:atMinute:)`). A monthly report does that for
/// every day and every session of every member, always for the same few dozen dates: with
/// 1,000 members it was most of the report's time. The table answers the same questions by a
/// binary search over the precomputed midnights, and gives exactly the time zone's answers
/// (including 23- and 25-hour DST days); outside its range it answers `nil`.
public struct LocalDayTable: Sendable, Hashable {
    public let firstDate: LocalDate
    /// `starts[i]` is the first instant of `firstDate + i`; the last entry ends the last day.
    let starts: [Date]

    /// The table for `first` through `last` (at most about ten years; an empty range yields an
    /// empty table that answers `nil` for everything).
    public init(timeZone: WorkplaceTimeZone, from first: LocalDate, through last: LocalDate) {
        firstDate = first
        let days = first <= last ? min(first.days(until: last), 3660) + 1 : 0
        starts = days == 0 ? [] : (0...days).map { timeZone.startOfDay(first.adding(days: $0)) }
    }

    /// The first instant of `date`, when `date` is in the table.
    public func startOfDay(_ date: LocalDate) -> Date? {
        let index = firstDate.days(until: date)
        guard index >= 0, index < starts.count else { return nil }
        return starts[index]
    }

    /// The local date on which `instant` falls, when it falls on a day of the table.
    public func localDate(of instant: Date) -> LocalDate? {
        guard let first = starts.first, let end = starts.last, instant >= first, instant < end else { return nil }
        // Largest index with starts[index] <= instant.
        var low = 0
        var high = starts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= instant { low = middle } else { high = middle }
        }
        return firstDate.adding(days: low)
    }
}
