import Foundation

/// One recurring entry of a member's availability: every `weekday`, from `from` to `to`
/// (workplace-local), the member cannot work (`unavailable`) or would rather work (`preferred`).
/// A `to` at or before `from` runs past midnight into the next day; 00:00–00:00 is the whole day.
public struct WeeklyAvailability: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case unavailable
        case preferred
    }

    public var weekday: Weekday
    public var from: LocalTime
    public var to: LocalTime
    public var kind: Kind

    public init(weekday: Weekday, from: LocalTime, to: LocalTime, kind: Kind = .unavailable) {
        self.weekday = weekday
        self.from = from
        self.to = to
        self.kind = kind
    }

    /// Whether the entry's window on some date shares an instant with `shift`.
    public func overlaps(_ shift: ShiftInterval, in zone: WorkplaceTimeZone) -> Bool {
        // A window starts on its weekday and ends at most a day later, so the dates that can
        // matter run from the day before the shift's start to the shift's end date.
        let first = zone.localDate(of: shift.start).adding(days: -1)
        let last = zone.localDate(of: shift.end)
        var date = first
        while date <= last {
            if date.weekday == weekday {
                let start = zone.instant(on: date, at: from)
                let end = to > from ? zone.instant(on: date, at: to) : zone.instant(on: date.adding(days: 1), at: to)
                if start < shift.end && shift.start < end { return true }
            }
            date = date.adding(days: 1)
        }
        return false
    }

    /// For people: "Tuesday 16:00–24:00".
    public var label: String {
        "\(weekday.name) \(from)–\(to == .midnight ? "24:00" : to.description)"
    }
}
