import ShiftyAPI
import ShiftyDomain

/// The JSON payload of a marketplace event row: which shifts, deal and request changed, and the
/// shifts as they are right after the change (so live clients update their tables without a round trip).
package struct MarketplaceEventPayload: Encodable, Sendable {
    var shiftIds: [Int64]
    var dealId: Int64?
    var requestId: Int64?
    /// Who caused it (nil: the system, e.g. an expiry), so clients need not notify people of their own actions.
    var actorId: Int64?
    var shifts: [ShiftyAPI.MarketShift]
    /// `shift.rule_overridden`: the codes of the rules a manager set aside, and why.
    var overriddenRules: [String]?
    var overrideReason: String?
    /// On `deal.approved`, `deal.rejected` and `deal.cancelled`: who decided and their note.
    package var decision: ShiftyAPI.DealDecision?

    /// The event kinds that end a deal by someone's decision (an expiry has nobody to name).
    package static func carriesDecision(_ kind: MarketplaceEvent.Kind) -> Bool {
        [.dealApproved, .dealRejected, .dealCancelled].contains(kind)
    }

    package init(_ event: MarketplaceEvent, shifts: [ShiftyAPI.MarketShift], actorID: Int64?) {
        actorId = actorID
        shiftIds = event.shiftIDs.map(\.rawValue)
        dealId = event.dealID?.rawValue
        requestId = event.requestID?.rawValue
        self.shifts = shifts
        overriddenRules = event.overriddenRules.isEmpty ? nil : event.overriddenRules
        overrideReason = event.overrideReason
    }
}
