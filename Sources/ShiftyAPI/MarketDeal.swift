import Foundation

/// A deal as the API shows it (openapi.yaml `Deal`): `GET /api/v1/deals/mine`, `/deals/approvals`,
/// `/deals/{id}`, `/trades` and the `deal` of a marketplace action's answer. Who gives which shift to
/// whom, its state, and who decided. The server encodes this type and the terminal decodes it.
public struct MarketDeal: Codable, Sendable, Hashable {
    public struct Leg: Codable, Sendable, Hashable {
        public var shift: MarketShift
        public var giverId: Int64
        public var giverName: String
        public var receiverId: Int64
        public var receiverName: String

        public init(shift: MarketShift, giverId: Int64, giverName: String, receiverId: Int64, receiverName: String) {
            self.shift = shift
            self.giverId = giverId
            self.giverName = giverName
            self.receiverId = receiverId
            self.receiverName = receiverName
        }
    }

    public var id: Int64
    public var kind: Kind
    public var state: State
    public var initiatorId: Int64
    public var requestId: Int64?
    @ISO8601Date public var createdAt: Date
    @ISO8601Date public var expiresAt: Date
    public var decidedBy: Int64?
    @ISO8601OptionalDate public var decidedAt: Date?
    public var decisionNote: String?
    /// The display name of `decidedBy`, so the people in the deal see who decided (and `decisionNote` why).
    public var decidedByName: String?
    public var legs: [Leg]

    public init(
        id: Int64, kind: Kind, state: State, initiatorId: Int64, requestId: Int64? = nil, createdAt: Date, expiresAt: Date,
        decidedBy: Int64? = nil, decidedAt: Date? = nil, decisionNote: String? = nil, decidedByName: String? = nil, legs: [Leg]
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.initiatorId = initiatorId
        self.requestId = requestId
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.decidedBy = decidedBy
        self.decidedAt = decidedAt
        self.decisionNote = decisionNote
        self.decidedByName = decidedByName
        self.legs = legs
    }
}

extension MarketDeal {
    /// How the deal came about (openapi.yaml `Deal.kind`).
    public enum Kind: APIWord {
        /// A coworker picked up a shift on offer.
        case pickUp
        /// The requester accepted a shift suggested to their request.
        case suggestionAccepted
        /// Two members trade shifts.
        case swap
        /// A kind of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.pickUp, .suggestionAccepted, .swap]

        public var rawValue: String {
            switch self {
            case .pickUp: "pick_up"
            case .suggestionAccepted: "suggestion_accepted"
            case .swap: "swap"
            case .unknown(let word): word
            }
        }
    }

    /// Where the deal stands (openapi.yaml `Deal.state`).
    public enum State: APIWord {
        /// A swap waiting for the coworker's answer.
        case proposed
        /// Waiting for a manager.
        case pendingApproval
        case approved
        /// A manager said no.
        case rejected
        /// Someone in it (or a manager) called it off.
        case cancelled
        /// Nobody decided before its shift was too close.
        case expired
        /// The coworker turned the swap down.
        case declined
        /// A state of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.proposed, .pendingApproval, .approved, .rejected, .cancelled, .expired, .declined]

        public var rawValue: String {
            switch self {
            case .proposed: "proposed"
            case .pendingApproval: "pending_approval"
            case .approved: "approved"
            case .rejected: "rejected"
            case .cancelled: "cancelled"
            case .expired: "expired"
            case .declined: "declined"
            case .unknown(let word): word
            }
        }
    }
}
