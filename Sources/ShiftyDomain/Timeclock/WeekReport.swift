import Foundation

/// The part of one ISO week that falls inside the month being reported.
public struct WeekReport: Sendable, Hashable, Codable {
    public var week: ISOWeek
    public var firstDate: LocalDate
    public var lastDate: LocalDate
    /// Worked minutes on counted days.
    public var workedMinutes: Int
    /// Worked − break on counted days.
    public var paidMinutes: Int = 0
    /// Sum of the counted days' overtime.
    public var uncappedOvertimeMinutes: Int
    /// The sum, not below the weekly floor.
    public var overtimeMinutes: Int
}
