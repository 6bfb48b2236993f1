import ShiftyDomain

/// The JSON payload of a marketplace event row: which shifts, deal and request changed.
struct MarketplaceEventPayload: Encodable, Sendable {
    var shiftIds: [Int64]
    var dealId: Int64?
    var requestId: Int64?

    init(_ event: MarketplaceEvent) {
        shiftIds = event.shiftIDs.map(\.rawValue)
        dealId = event.dealID?.rawValue
        requestId = event.requestID?.rawValue
    }
}
