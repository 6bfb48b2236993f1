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
    /// Unpaid breaks taken from a day's work unless breaks were punched (none in the seed).
    public var breakRules: [BreakRule]

    public init(
        mondayToFridayQuotaMinutes: Int = 8 * 60,
        saturdayQuotaMinutes: Int? = 5 * 60,
        sundayQuotaMinutes: Int? = nil,
        dailyOvertimeFloorMinutes: Int = -2 * 60,
        weeklyOvertimeFloorMinutes: Int = -4 * 60,
        monthlyOvertimeFloorMinutes: Int = 0,
        diligenceAbsenceCap: Int = 3,
        scheduleToleranceMinutes: Int = 5,
        dayOffWorkCountsAsOvertime: Bool = false,
        breakRules: [BreakRule] = []
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
        self.breakRules = breakRules
    }

    public static let seed = TimeclockRules()

    /// The sum of one week's quotas (seed: 5 × 8 h + 5 h = 45 h): what contract hours are compared with.
    public var weeklyQuotaMinutes: Int {
        Weekday.allCases.reduce(0) { $0 + (quotaMinutes(on: $1) ?? 0) }
    }

    /// A weekday's quota for a member with contract hours: the workplace's quota scaled by
    /// contract ÷ weekly quota (seed: a 20 h contract gives 3 h 33 Monday to Friday and
    /// 2 h 13 on Saturday); `nil` on a day off.
    public func contractQuotaMinutes(on weekday: Weekday, contractMinutesPerWeek: Int) -> Int? {
        guard let quota = quotaMinutes(on: weekday) else { return nil }
        let weekly = weeklyQuotaMinutes
        guard weekly > 0 else { return nil }
        return quota * contractMinutesPerWeek / weekly
    }

    /// The quota for a weekday, or `nil` when that weekday is a day off.
    public func quotaMinutes(on weekday: Weekday) -> Int? {
        switch weekday {
        case .monday, .tuesday, .wednesday, .thursday, .friday: mondayToFridayQuotaMinutes
        case .saturday: saturdayQuotaMinutes
        case .sunday: sundayQuotaMinutes
        }
    }
}
