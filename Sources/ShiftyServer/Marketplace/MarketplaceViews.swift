import Foundation
import ShiftyAPI

/// An open request ("Gezocht") and the shifts coworkers suggested for it.
struct RequestView: Encodable, Sendable {
    var id: Int64
    var requesterId: Int64
    var requesterName: String
    var date: String
    var status: String
    var dealId: Int64?
    var suggestions: [ShiftyAPI.MarketShift]
}

/// A date on which the caller has no shift, no live request and the workplace is open.
struct FreeDateView: Encodable, Sendable {
    var date: String
    /// ISO weekday, 1 = Monday … 7 = Sunday.
    var weekday: Int
    var week: String
}

/// What a marketplace action answers: the deal it created or changed, and the shifts it touched.
struct MarketplaceResultView: Encodable, Sendable {
    var deal: ShiftyAPI.MarketDeal?
    var shifts: [ShiftyAPI.MarketShift]
    var requests: [RequestView]
}
