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
    /// `pick_up`, `suggestion_accepted` or `swap`.
    public var kind: String
    public var state: String
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
        id: Int64, kind: String, state: String, initiatorId: Int64, requestId: Int64? = nil, createdAt: Date, expiresAt: Date,
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
