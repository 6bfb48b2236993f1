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
