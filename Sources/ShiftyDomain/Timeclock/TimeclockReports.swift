import Foundation

/// One local calendar day on the timeclock.
public struct DayReport: Sendable, Hashable, Codable {
    public var date: LocalDate
    public var status: DayStatus
    /// Worked minutes on this local day (sessions split at local midnight). Shown even for odd
    /// days, but only counted in totals when `countsTowardTotals`.
    public var workedMinutes: Int
    /// The day's quota; `nil` on a day off.
    public var quotaMinutes: Int?
    /// Worked − quota, not below the daily floor; `nil` when not counted (odd punches, upcoming).
    public var overtimeMinutes: Int?
    /// 1440, or 1380 / 1500 on DST change days.
    public var lengthMinutes: Int
    public var isClosed: Bool

    public var countsTowardTotals: Bool { overtimeMinutes != nil }
}

/// The part of one ISO week that falls inside the month being reported.
public struct WeekReport: Sendable, Hashable, Codable {
    public var week: ISOWeek
    public var firstDate: LocalDate
    public var lastDate: LocalDate
    /// Worked minutes on counted days.
    public var workedMinutes: Int
    /// Sum of the counted days' overtime.
    public var uncappedOvertimeMinutes: Int
    /// The sum, not below the weekly floor.
    public var overtimeMinutes: Int
}

/// A scheduled shift that was not worked as planned.
public struct ScheduleDeviation: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case lateArrival = "late_arrival"
        case earlyLeave = "early_leave"
        case noShow = "no_show"
    }

    public var shiftID: ShiftID
    /// Local date on which the shift starts.
    public var date: LocalDate
    public var kind: Kind
    /// Minutes late / early; the whole shift length for a no-show.
    public var minutes: Int
}

/// One month of one member's timeclock, with both pay models' figures.
public struct MonthReport: Sendable, Hashable, Codable {
    public var year: Int
    public var month: Int
    public var days: [DayReport]
    public var weeks: [WeekReport]
    /// Worked minutes on counted days.
    public var workedMinutes: Int
    /// Normal pay: sum of the weeks' overtime, not below the monthly floor.
    public var overtimeMinutes: Int
    /// Working days without punches.
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
