import Foundation

/// A member's request to add, change or end a weekly fixed shift (openapi.yaml `FixedShiftRequest`),
/// as `GET /api/v1/fixed-shift-requests` answers it and its live events carry it.
public struct FixedShiftRequestView: Codable, Sendable, Hashable {
    public enum Kind: APIWord {
        case add
        case change
        case end
        /// A kind of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.add, .change, .end]

        public var rawValue: String {
            switch self {
            case .add: "add"
            case .change: "change"
            case .end: "end"
            case .unknown(let word): word
            }
        }
    }

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

    public var id: Int64
    public var userId: Int64
    public var userName: String
    public var kind: Kind
    /// The fixed shift a change or an end is about; for an approved add, the one it created.
    public var fixedShiftId: Int64?
    /// That fixed shift as it is now (`active: false` once ended; after an approved change it
    /// already has the new values).
    public var fixedShift: FixedShiftView?
    /// The fixed shift the request is about as it was before it was decided (while pending: as it
    /// is now), so a change reads "before → after" also once it was applied.
    public var before: FixedShiftPattern?
    // The proposal: an add's new fixed shift, a change's new values (absent: unchanged).
    public var weekday: Int?
    public var startTime: String?
    public var durationMinutes: Int?
    public var position: String?
    public var validFrom: String?
    public var validUntil: String?
    public var reason: String
    public var status: Status
    public var managerNote: String?
    public var decidedBy: Int64?
    @ISO8601OptionalDate public var decidedAt: Date?
    @ISO8601Date public var createdAt: Date

    public init(
        id: Int64, userId: Int64, userName: String, kind: Kind, fixedShiftId: Int64? = nil, fixedShift: FixedShiftView? = nil,
        before: FixedShiftPattern? = nil, weekday: Int? = nil, startTime: String? = nil, durationMinutes: Int? = nil,
        position: String? = nil, validFrom: String? = nil, validUntil: String? = nil, reason: String, status: Status,
        managerNote: String? = nil, decidedBy: Int64? = nil, decidedAt: Date? = nil, createdAt: Date
    ) {
        self.id = id
        self.userId = userId
        self.userName = userName
        self.kind = kind
        self.fixedShiftId = fixedShiftId
        self.fixedShift = fixedShift
        self.before = before
        self.weekday = weekday
        self.startTime = startTime
        self.durationMinutes = durationMinutes
        self.position = position
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.reason = reason
        self.status = status
        self.managerNote = managerNote
        self.decidedBy = decidedBy
        self.decidedAt = decidedAt
        self.createdAt = createdAt
    }
}
