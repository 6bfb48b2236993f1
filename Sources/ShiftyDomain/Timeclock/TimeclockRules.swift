/// Every quota and cap of the timeclock, per workplace. Defaults are seed 000's rules
/// (expressed in minutes instead of the seed's whole hours).
public struct TimeclockRules: Sendable, Hashable, Codable {
    /// Daily quota Monday to Friday (seed: 8 h).
    public var mondayToFridayQuotaMinutes: Int
    /// Saturday quota (seed: 5 h); `nil` makes Saturday a day off.
    public var saturdayQuotaMinutes: Int?
    /// Sunday quota; `nil` (the seed's rule) makes Sunday a day off.
    public var sundayQuotaMinutes: Int?
    /// Daily overtime never goes below this (seed: −2 h).
    public var dailyOvertimeFloorMinutes: Int
    /// Weekly overtime never goes below this (seed: −4 h).
    public var weeklyOvertimeFloorMinutes: Int
    /// Monthly overtime never goes below this (seed: 0).
    public var monthlyOvertimeFloorMinutes: Int
    /// Absences counted for diligence pay are capped at this per month (seed: 3).
    public var diligenceAbsenceCap: Int
    /// Late arrival and early leave count only beyond this many minutes.
    public var scheduleToleranceMinutes: Int
    /// Whether time worked on a day off counts as overtime. Off by default: the seed gives
    /// Sundays an overtime of 0 whatever was punched.
    public var dayOffWorkCountsAsOvertime: Bool

    public init(
        mondayToFridayQuotaMinutes: Int = 8 * 60,
        saturdayQuotaMinutes: Int? = 5 * 60,
        sundayQuotaMinutes: Int? = nil,
        dailyOvertimeFloorMinutes: Int = -2 * 60,
        weeklyOvertimeFloorMinutes: Int = -4 * 60,
        monthlyOvertimeFloorMinutes: Int = 0,
        diligenceAbsenceCap: Int = 3,
        scheduleToleranceMinutes: Int = 5,
        dayOffWorkCountsAsOvertime: Bool = false
    ) {
        self.mondayToFridayQuotaMinutes = mondayToFridayQuotaMinutes
        self.saturdayQuotaMinutes = saturdayQuotaMinutes
        self.sundayQuotaMinutes = sundayQuotaMinutes
        self.dailyOvertimeFloorMinutes = dailyOvertimeFloorMinutes
        self.weeklyOvertimeFloorMinutes = weeklyOvertimeFloorMinutes
        self.monthlyOvertimeFloorMinutes = monthlyOvertimeFloorMinutes
        self.diligenceAbsenceCap = diligenceAbsenceCap
        self.scheduleToleranceMinutes = scheduleToleranceMinutes
        self.dayOffWorkCountsAsOvertime = dayOffWorkCountsAsOvertime
    }

    public static let seed = TimeclockRules()

    /// The quota for a weekday, or `nil` when that weekday is a day off.
    public func quotaMinutes(on weekday: Weekday) -> Int? {
        switch weekday {
        case .monday, .tuesday, .wednesday, .thursday, .friday: mondayToFridayQuotaMinutes
        case .saturday: saturdayQuotaMinutes
        case .sunday: sundayQuotaMinutes
        }
    }
}
