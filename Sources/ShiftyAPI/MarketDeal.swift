/// A deal as `GET /api/v1/deals/mine` and `/deals/approvals` show it, reduced to what the terminal
/// lists: who gives which shift to whom, its state, and who decided.
public struct MarketDeal: Decodable, Sendable, Hashable {
    public struct Leg: Decodable, Sendable, Hashable {
        public var shift: MarketShift
        public var giverName: String
        public var receiverName: String

        public init(shift: MarketShift, giverName: String, receiverName: String) {
            self.shift = shift
            self.giverName = giverName
            self.receiverName = receiverName
        }
    }

    public var id: Int64
    /// `pick_up`, `suggestion_accepted` or `swap`.
    public var kind: String
    public var state: String
    public var expiresAt: String?
    public var decidedByName: String?
    public var decisionNote: String?
    public var legs: [Leg]

    public init(
        id: Int64, kind: String, state: String, expiresAt: String? = nil, decidedByName: String? = nil,
        decisionNote: String? = nil, legs: [Leg]
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.expiresAt = expiresAt
        self.decidedByName = decidedByName
        self.decisionNote = decisionNote
        self.legs = legs
    }
}
