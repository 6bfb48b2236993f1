import Foundation

/// One month of one member's timeclock, with both pay models' figures.
public struct MonthReport: Sendable, Hashable, Codable {
    public var year: Int
    public var month: Int
    public var days: [DayReport]
    public var weeks: [WeekReport]
    /// Worked minutes on counted days.
    public var workedMinutes: Int
    /// Unpaid break minutes on counted days.
    public var breakMinutes: Int = 0
    /// Worked − break on counted days.
    public var paidMinutes: Int = 0
    /// Scheduled minutes on the month's days.
    public var scheduledMinutes: Int = 0
    /// Normal pay: sum of the weeks' overtime, not below the monthly floor.
    public var overtimeMinutes: Int
    /// Expected days (inside employment) without punches.
    public var absences: Int
    /// Diligence pay: absences capped per month.
    public var diligenceAbsences: Int
    public var statusCounts: DayStatusCounts
    /// Days left out because of odd punches; the figures above are provisional while non-empty.
    public var oddPunchDates: [LocalDate]
    public var deviations: [ScheduleDeviation]

    /// The seed showed −3 instead of a monthly figure while any day had odd punches.
    public var isComplete: Bool { oddPunchDates.isEmpty }
}
