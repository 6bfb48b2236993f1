import Foundation

/// The dates and times a member asks to be off: from `firstDate` (at `startTime`, or the start of
/// the day) up to `lastDate` (at `endTime`, or the end of the day), in the workplace's time zone.
///
/// Whole days leave both times out; a part day gives them ("Tuesday 09:00–13:00"), and a span of
/// several days with times runs continuously from the first time to the last.
public struct TimeOffPeriod: Sendable, Hashable, Codable {
    public var firstDate: LocalDate
    public var lastDate: LocalDate
    public var startTime: LocalTime?
    public var endTime: LocalTime?

    /// Longest period one request may cover (a year's leave is several requests).
    public static let maximumDays = 366

    public init(firstDate: LocalDate, lastDate: LocalDate, startTime: LocalTime? = nil, endTime: LocalTime? = nil) {
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.startTime = startTime
        self.endTime = endTime
    }

    /// Whether the period covers whole days (no times given).
    public var isWholeDays: Bool { startTime == nil && endTime == nil }

    /// The absolute instants it covers, half-open.
    public func interval(in zone: WorkplaceTimeZone) -> Range<Date> {
        let start = startTime.map { zone.instant(on: firstDate, at: $0) } ?? zone.startOfDay(firstDate)
        let end = endTime.map { zone.instant(on: lastDate, at: $0) } ?? zone.endOfDay(lastDate)
        return start..<max(start, end)
    }

    /// Why the period makes no sense, as (field, reason); `nil` when it is fine.
    public var problem: (field: String, reason: String)? {
        if lastDate < firstDate { return ("lastDate", "must not be before firstDate") }
        if firstDate.days(until: lastDate) + 1 > Self.maximumDays {
            return ("lastDate", "a request covers at most \(Self.maximumDays) days")
        }
        if firstDate == lastDate, let startTime, let endTime, endTime <= startTime {
            return ("endTime", "must be after startTime on the same day")
        }
        return nil
    }
}

/// A member's approved time off as the rulebook sees it: absolute instants, half-open.
public struct TimeOffInterval: Sendable, Hashable, Codable {
    /// The time-off request it comes from.
    public var requestID: Int64
    public var start: Date
    public var end: Date

    public init(requestID: Int64, start: Date, end: Date) {
        self.requestID = requestID
        self.start = start
        self.end = end
    }

    public func overlaps(_ shift: ShiftInterval) -> Bool {
        start < shift.end && shift.start < end
    }
}
