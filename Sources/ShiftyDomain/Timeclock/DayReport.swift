import Foundation

/// One local calendar day on the timeclock.
public struct DayReport: Sendable, Hashable, Codable {
    public var date: LocalDate
    public var status: DayStatus
    /// Worked minutes on this local day (sessions split at local midnight). Shown even for odd
    /// days, but only counted in totals when `countsTowardTotals`.
    public var workedMinutes: Int
    /// Unpaid break: the punched breaks of the day, or else what the workplace's break rules take.
    public var breakMinutes: Int = 0
    /// Worked − break: what is paid and what overtime is measured with.
    public var paidMinutes: Int = 0
    /// Minutes of the member's scheduled shifts starting on this day.
    public var scheduledMinutes: Int = 0
    /// Whether the member was expected to work (see ``EmploymentTerms``).
    public var expected: Bool = false
    /// The day's quota; `nil` on a day off.
    public var quotaMinutes: Int?
    /// Worked − quota, not below the daily floor; `nil` when not counted (odd punches, upcoming).
    public var overtimeMinutes: Int?
    /// 1440, or 1380 / 1500 on DST change days.
    public var lengthMinutes: Int
    public var isClosed: Bool

    public init(
        date: LocalDate, status: DayStatus, workedMinutes: Int, breakMinutes: Int = 0, paidMinutes: Int? = nil,
        scheduledMinutes: Int = 0, expected: Bool = false, quotaMinutes: Int?, overtimeMinutes: Int?, lengthMinutes: Int, isClosed: Bool
    ) {
        self.date = date
        self.status = status
        self.workedMinutes = workedMinutes
        self.breakMinutes = breakMinutes
        self.paidMinutes = paidMinutes ?? workedMinutes - breakMinutes
        self.scheduledMinutes = scheduledMinutes
        self.expected = expected
        self.quotaMinutes = quotaMinutes
        self.overtimeMinutes = overtimeMinutes
        self.lengthMinutes = lengthMinutes
        self.isClosed = isClosed
    }

    public var countsTowardTotals: Bool { overtimeMinutes != nil }
}
