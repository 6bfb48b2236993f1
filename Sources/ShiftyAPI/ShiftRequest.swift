/// An open request for extra work on a date (openapi.yaml `Request`; `GET /api/v1/requests` and the
/// `requests` of a marketplace action's answer), with the shifts coworkers suggested to it (what
/// `shifty accept REQUEST SHIFT` picks from). The server encodes this type and the terminal decodes it.
public struct ShiftRequest: Codable, Sendable, Hashable {
    public var id: Int64
    public var requesterId: Int64
    public var requesterName: String
    public var date: String
    public var status: Status
    public var dealId: Int64?
    public var suggestions: [MarketShift]

    public init(
        id: Int64, requesterId: Int64, requesterName: String, date: String, status: Status, dealId: Int64? = nil,
        suggestions: [MarketShift] = []
    ) {
        self.id = id
        self.requesterId = requesterId
        self.requesterName = requesterName
        self.date = date
        self.status = status
        self.dealId = dealId
        self.suggestions = suggestions
    }
}

extension ShiftRequest {
    /// Where a request for extra work stands (openapi.yaml `Request.status`).
    public enum Status: APIWord {
        /// Taking suggestions.
        case open
        /// A suggestion was accepted; its deal waits for a manager.
        case pendingDeal
        /// The accepted suggestion was approved.
        case fulfilled
        /// The requester withdrew it, or its date passed.
        case withdrawn
        /// A status of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.open, .pendingDeal, .fulfilled, .withdrawn]

        public var rawValue: String {
            switch self {
            case .open: "open"
            case .pendingDeal: "pending_deal"
            case .fulfilled: "fulfilled"
            case .withdrawn: "withdrawn"
            case .unknown(let word): word
            }
        }
    }
}
