/// One optional limit of a workplace: its value and whether breaking it refuses or warns.
public struct HourLimit: Sendable, Hashable, Codable {
    /// Hours (or days, for consecutive working days); always at least 1.
    public var limit: Int
    public var severity: RuleSeverity

    public init(limit: Int, severity: RuleSeverity = .refuse) {
        self.limit = limit
        self.severity = severity
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        limit = try container.decode(Int.self, forKey: .limit)
        severity = try container.decodeIfPresent(RuleSeverity.self, forKey: .severity) ?? .refuse
        guard (1...10_000).contains(limit) else {
            throw DecodingError.dataCorruptedError(forKey: .limit, in: container, debugDescription: "must be between 1 and 10000")
        }
    }
}

/// A workplace's hour and rest limits, each optional (`nil`: no such rule). Kept in the
/// workplace settings so a manager turns each one on, off, or between warning and refusing.
public struct HourLimits: Sendable, Hashable, Codable {
    /// Most scheduled hours in one workplace-local ISO week (pending deals the member would receive count).
    public var maxWeeklyHours: HourLimit?
    /// Fewest hours between the end of one shift and the start of the next.
    public var minRestHours: HourLimit?
    /// Most workplace-local dates in a row with a shift.
    public var maxConsecutiveDays: HourLimit?
    /// Longest single shift, in hours.
    public var maxShiftHours: HourLimit?

    public init(
        maxWeeklyHours: HourLimit? = nil, minRestHours: HourLimit? = nil,
        maxConsecutiveDays: HourLimit? = nil, maxShiftHours: HourLimit? = nil
    ) {
        self.maxWeeklyHours = maxWeeklyHours
        self.minRestHours = minRestHours
        self.maxConsecutiveDays = maxConsecutiveDays
        self.maxShiftHours = maxShiftHours
    }

    public static let none = HourLimits()

    /// These limits with a member's own values in place of the workplace's. A member's value
    /// keeps the workplace's severity, or refuses where the workplace has no such limit.
    public func overridden(by member: MemberHourLimits?) -> HourLimits {
        guard let member else { return self }
        func merge(_ base: HourLimit?, _ value: Int?) -> HourLimit? {
            guard let value else { return base }
            return HourLimit(limit: value, severity: base?.severity ?? .refuse)
        }
        return HourLimits(
            maxWeeklyHours: merge(maxWeeklyHours, member.maxWeeklyHours),
            minRestHours: merge(minRestHours, member.minRestHours),
            maxConsecutiveDays: merge(maxConsecutiveDays, member.maxConsecutiveDays),
            maxShiftHours: merge(maxShiftHours, member.maxShiftHours))
    }

    /// How many days before and after a shift the consecutive-days and rest rules look at.
    public var reachInDays: Int {
        max(2, (maxConsecutiveDays?.limit ?? 0) + 1, ((minRestHours?.limit ?? 0) + 23) / 24 + 1)
    }
}

/// A member's own limits (a part-timer's 20 hours a week): each value replaces the workplace's.
public struct MemberHourLimits: Sendable, Hashable, Codable {
    public var maxWeeklyHours: Int?
    public var minRestHours: Int?
    public var maxConsecutiveDays: Int?
    public var maxShiftHours: Int?

    public init(maxWeeklyHours: Int? = nil, minRestHours: Int? = nil, maxConsecutiveDays: Int? = nil, maxShiftHours: Int? = nil) {
        self.maxWeeklyHours = maxWeeklyHours
        self.minRestHours = minRestHours
        self.maxConsecutiveDays = maxConsecutiveDays
        self.maxShiftHours = maxShiftHours
    }

    public var isEmpty: Bool { self == MemberHourLimits() }
}
