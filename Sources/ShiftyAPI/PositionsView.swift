/// `GET /api/v1/positions`: the workplace's tracked positions, who is qualified for what, and the
/// members' own hour limits.
public struct PositionsView: Codable, Sendable, Hashable {
    public var positions: [String]
    public var members: [MemberQualificationsView]

    public init(positions: [String], members: [MemberQualificationsView]) {
        self.positions = positions
        self.members = members
    }
}

/// One member's qualifications and own hour limits (`null` or absent: the workplace's).
public struct MemberQualificationsView: Codable, Sendable, Hashable {
    public var userId: Int64
    public var positions: [String]
    public var hourLimits: MemberHourLimitsView

    public init(userId: Int64, positions: [String], hourLimits: MemberHourLimitsView) {
        self.userId = userId
        self.positions = positions
        self.hourLimits = hourLimits
    }
}

/// A member's own hour limits (openapi.yaml `MemberHourLimits`): each `nil` follows the workplace.
public struct MemberHourLimitsView: Codable, Sendable, Hashable {
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
}

/// The answer of `PUT /api/v1/users/{id}/qualifications`: the member's complete list.
public struct SetQualificationsView: Codable, Sendable, Hashable {
    public var userId: Int64
    public var positions: [String]

    public init(userId: Int64, positions: [String]) {
        self.userId = userId
        self.positions = positions
    }
}
