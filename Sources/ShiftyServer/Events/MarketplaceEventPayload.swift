import ShiftyDomain

/// The JSON payload of a marketplace event row: which shifts, deal and request changed, and the
/// shifts as they are right after the change (so live clients update their tables without a round trip).
struct MarketplaceEventPayload: Encodable, Sendable {
    var shiftIds: [Int64]
    var dealId: Int64?
    var requestId: Int64?
    var shifts: [ShiftView]

    init(_ event: MarketplaceEvent, shifts: [ShiftView]) {
        shiftIds = event.shiftIDs.map(\.rawValue)
        dealId = event.dealID?.rawValue
        requestId = event.requestID?.rawValue
        self.shifts = shifts
    }
}
