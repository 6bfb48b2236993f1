/// An open request for extra work on a date (openapi.yaml `Request`; `GET /api/v1/requests` and the
/// `requests` of a marketplace action's answer), with the shifts coworkers suggested to it (what
/// `shifty accept REQUEST SHIFT` picks from). The server encodes this type and the terminal decodes it.
public struct ShiftRequest: Codable, Sendable, Hashable {
    public var id: Int64
    public var requesterId: Int64
    public var requesterName: String
    public var date: String
    public var status: String
    public var dealId: Int64?
    public var suggestions: [MarketShift]

    public init(
        id: Int64, requesterId: Int64, requesterName: String, date: String, status: String, dealId: Int64? = nil,
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
