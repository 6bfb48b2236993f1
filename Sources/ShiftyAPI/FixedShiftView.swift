/// A weekly fixed shift (openapi.yaml `FixedShift`): `GET /api/v1/fixed-shifts` and the answers of
/// creating, editing and ending one. Generation makes one shift per week of it, eight weeks ahead.
public struct FixedShiftView: Codable, Sendable, Hashable {
    public var id: Int64
    public var ownerId: Int64
    public var ownerName: String
    /// ISO weekday, 1 = Monday … 7 = Sunday.
    public var weekday: Int
    public var startTime: String
    public var durationMinutes: Int
    public var position: String?
    public var validFrom: String
    public var validUntil: String?
    public var active: Bool

    public init(
        id: Int64, ownerId: Int64, ownerName: String, weekday: Int, startTime: String, durationMinutes: Int, position: String? = nil,
        validFrom: String, validUntil: String? = nil, active: Bool
    ) {
        self.id = id
        self.ownerId = ownerId
        self.ownerName = ownerName
        self.weekday = weekday
        self.startTime = startTime
        self.durationMinutes = durationMinutes
        self.position = position
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.active = active
    }
}

/// A fixed shift's weekly pattern (`FixedShiftRequest.before`): what a change request changes.
public struct FixedShiftPattern: Codable, Sendable, Hashable {
    public var weekday: Int
    public var startTime: String
    public var durationMinutes: Int
    public var position: String?

    public init(weekday: Int, startTime: String, durationMinutes: Int, position: String? = nil) {
        self.weekday = weekday
        self.startTime = startTime
        self.durationMinutes = durationMinutes
        self.position = position
    }
}
