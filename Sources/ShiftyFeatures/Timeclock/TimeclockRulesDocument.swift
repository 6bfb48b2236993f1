import Foundation
import ShiftyDomain
import ShiftyServerCore

/// The timeclock rules as stored in `workplaces.settings.timeclock` and sent over the API.
///
/// Every field is optional so that a stored document written by an older version, or a PUT
/// that changes only one number, still yields complete rules: missing fields take seed 000's
/// defaults. Values are validated (`TimeclockRules.validate()`) before they are stored, so reading never fails.
public struct TimeclockRulesDocument: Codable, Sendable, Equatable {
    public var mondayToFridayQuotaMinutes: Int?
    /// `null` in the JSON is a day off; an absent key keeps the default.
    public var saturdayQuotaMinutes: Int??
    public var sundayQuotaMinutes: Int??
    public var dailyOvertimeFloorMinutes: Int?
    public var weeklyOvertimeFloorMinutes: Int?
    public var monthlyOvertimeFloorMinutes: Int?
    public var diligenceAbsenceCap: Int?
    public var scheduleToleranceMinutes: Int?
    public var dayOffWorkCountsAsOvertime: Bool?
    /// Unpaid breaks by length of the day's work, e.g. `[{"afterMinutes": 330, "breakMinutes": 30}]`;
    /// `[]` (the seed) takes no breaks. Punched breaks replace the rules for that day.
    public var breakRules: [BreakRule]?

    public init(_ rules: TimeclockRules) {
        mondayToFridayQuotaMinutes = rules.mondayToFridayQuotaMinutes
        saturdayQuotaMinutes = .some(rules.saturdayQuotaMinutes)
        sundayQuotaMinutes = .some(rules.sundayQuotaMinutes)
        dailyOvertimeFloorMinutes = rules.dailyOvertimeFloorMinutes
        weeklyOvertimeFloorMinutes = rules.weeklyOvertimeFloorMinutes
        monthlyOvertimeFloorMinutes = rules.monthlyOvertimeFloorMinutes
        diligenceAbsenceCap = rules.diligenceAbsenceCap
        scheduleToleranceMinutes = rules.scheduleToleranceMinutes
        dayOffWorkCountsAsOvertime = rules.dayOffWorkCountsAsOvertime
        breakRules = rules.breakRules
    }

    enum CodingKeys: String, CodingKey {
        case mondayToFridayQuotaMinutes, saturdayQuotaMinutes, sundayQuotaMinutes, dailyOvertimeFloorMinutes
        case weeklyOvertimeFloorMinutes, monthlyOvertimeFloorMinutes, diligenceAbsenceCap, scheduleToleranceMinutes
        case dayOffWorkCountsAsOvertime, breakRules
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mondayToFridayQuotaMinutes = try container.decodeIfPresent(Int.self, forKey: .mondayToFridayQuotaMinutes)
        // Distinguish "key absent" (keep) from "null" (day off).
        saturdayQuotaMinutes = container.contains(.saturdayQuotaMinutes) ? .some(try container.decodeIfPresent(Int.self, forKey: .saturdayQuotaMinutes)) : nil
        sundayQuotaMinutes = container.contains(.sundayQuotaMinutes) ? .some(try container.decodeIfPresent(Int.self, forKey: .sundayQuotaMinutes)) : nil
        dailyOvertimeFloorMinutes = try container.decodeIfPresent(Int.self, forKey: .dailyOvertimeFloorMinutes)
        weeklyOvertimeFloorMinutes = try container.decodeIfPresent(Int.self, forKey: .weeklyOvertimeFloorMinutes)
        monthlyOvertimeFloorMinutes = try container.decodeIfPresent(Int.self, forKey: .monthlyOvertimeFloorMinutes)
        diligenceAbsenceCap = try container.decodeIfPresent(Int.self, forKey: .diligenceAbsenceCap)
        scheduleToleranceMinutes = try container.decodeIfPresent(Int.self, forKey: .scheduleToleranceMinutes)
        dayOffWorkCountsAsOvertime = try container.decodeIfPresent(Bool.self, forKey: .dayOffWorkCountsAsOvertime)
        breakRules = try container.decodeIfPresent([BreakRule].self, forKey: .breakRules)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(mondayToFridayQuotaMinutes, forKey: .mondayToFridayQuotaMinutes)
        if let saturdayQuotaMinutes { try container.encode(saturdayQuotaMinutes, forKey: .saturdayQuotaMinutes) }
        if let sundayQuotaMinutes { try container.encode(sundayQuotaMinutes, forKey: .sundayQuotaMinutes) }
        try container.encodeIfPresent(dailyOvertimeFloorMinutes, forKey: .dailyOvertimeFloorMinutes)
        try container.encodeIfPresent(weeklyOvertimeFloorMinutes, forKey: .weeklyOvertimeFloorMinutes)
        try container.encodeIfPresent(monthlyOvertimeFloorMinutes, forKey: .monthlyOvertimeFloorMinutes)
        try container.encodeIfPresent(diligenceAbsenceCap, forKey: .diligenceAbsenceCap)
        try container.encodeIfPresent(scheduleToleranceMinutes, forKey: .scheduleToleranceMinutes)
        try container.encodeIfPresent(dayOffWorkCountsAsOvertime, forKey: .dayOffWorkCountsAsOvertime)
        try container.encodeIfPresent(breakRules, forKey: .breakRules)
    }

    /// These values laid over `base` (fields left out keep `base`'s value).
    public func applied(to base: TimeclockRules) -> TimeclockRules {
        var rules = base
        if let value = mondayToFridayQuotaMinutes { rules.mondayToFridayQuotaMinutes = value }
        if let value = saturdayQuotaMinutes { rules.saturdayQuotaMinutes = value }
        if let value = sundayQuotaMinutes { rules.sundayQuotaMinutes = value }
        if let value = dailyOvertimeFloorMinutes { rules.dailyOvertimeFloorMinutes = value }
        if let value = weeklyOvertimeFloorMinutes { rules.weeklyOvertimeFloorMinutes = value }
        if let value = monthlyOvertimeFloorMinutes { rules.monthlyOvertimeFloorMinutes = value }
        if let value = diligenceAbsenceCap { rules.diligenceAbsenceCap = value }
        if let value = scheduleToleranceMinutes { rules.scheduleToleranceMinutes = value }
        if let value = dayOffWorkCountsAsOvertime { rules.dayOffWorkCountsAsOvertime = value }
        if let value = breakRules { rules.breakRules = value.sorted { $0.afterMinutes < $1.afterMinutes } }
        return rules
    }
}
