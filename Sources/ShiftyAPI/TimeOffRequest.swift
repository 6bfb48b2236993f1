import Foundation

/// A time-off request as the API shows it (openapi.yaml `TimeOff`): `GET /api/v1/time-off`, the
/// answers of requesting, approving, declining and withdrawing, and the `timeOff` of the
/// `timeoff.*` events. The server encodes this type and the terminal decodes it (`shifty timeoff`
/// lists and acts on it).
public struct TimeOffRequest: Codable, Sendable, Hashable {
    public var id: Int64
    public var userId: Int64
    public var userName: String
    public var firstDate: String
    public var lastDate: String
    /// "HH:MM" on `firstDate`, or `nil` from the start of the day.
    public var startTime: String?
    /// "HH:MM" on `lastDate`, or `nil` to the end of the day.
    public var endTime: String?
    @ISO8601Date public var startsAt: Date
    @ISO8601Date public var endsAt: Date
    public var reason: String
    public var status: Status
    public var managerNote: String?
    public var decidedBy: Int64?
    @ISO8601OptionalDate public var decidedAt: Date?
    @ISO8601Date public var createdAt: Date
    /// Only in the answer to (and event of) an approval: the member's shifts it put on the marketplace.
    public var releasedShiftIds: [Int64]?

    public init(
        id: Int64, userId: Int64, userName: String, firstDate: String, lastDate: String, startTime: String? = nil,
        endTime: String? = nil, startsAt: Date, endsAt: Date, reason: String, status: Status, managerNote: String? = nil,
        decidedBy: Int64? = nil, decidedAt: Date? = nil, createdAt: Date, releasedShiftIds: [Int64]? = nil
    ) {
        self.id = id
        self.userId = userId
        self.userName = userName
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.startTime = startTime
        self.endTime = endTime
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.reason = reason
        self.status = status
        self.managerNote = managerNote
        self.decidedBy = decidedBy
        self.decidedAt = decidedAt
        self.createdAt = createdAt
        self.releasedShiftIds = releasedShiftIds
    }
}

extension TimeOffRequest {
    /// Where a time-off request stands (openapi.yaml `TimeOff.status`).
    public enum Status: APIWord {
        /// Waiting for a manager.
        case pending
        case approved
        case declined
        /// The member took it back.
        case withdrawn
        /// A status of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.pending, .approved, .declined, .withdrawn]

        public var rawValue: String {
            switch self {
            case .pending: "pending"
            case .approved: "approved"
            case .declined: "declined"
            case .withdrawn: "withdrawn"
            case .unknown(let word): word
            }
        }
    }
}
