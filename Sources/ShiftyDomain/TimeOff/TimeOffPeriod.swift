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

    /// Refuses a period that makes no sense: backwards, longer than ``maximumDays``, or a part of
    /// one day that ends before it starts.
    public func check() throws(TimeOffRefusal) {
        if lastDate < firstDate { throw .lastDateBeforeFirstDate }
        if firstDate.days(until: lastDate) + 1 > Self.maximumDays { throw .tooManyDays }
        if firstDate == lastDate, let startTime, let endTime, endTime <= startTime { throw .endTimeNotAfterStartTime }
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
