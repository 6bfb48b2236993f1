/// What a marketplace action answers (openapi.yaml `MarketplaceResult`): the deal it created or
/// changed, the shifts it touched and the requests it created or changed. The server encodes this
/// type and the terminal decodes it.
public struct MarketplaceActionResult: Codable, Sendable, Hashable {
    public var deal: MarketDeal?
    public var shifts: [MarketShift]
    /// The requests it created or changed (`shifty request` shows their ids).
    public var requests: [ShiftRequest]

    public init(deal: MarketDeal? = nil, shifts: [MarketShift], requests: [ShiftRequest] = []) {
        self.deal = deal
        self.shifts = shifts
        self.requests = requests
    }
}
