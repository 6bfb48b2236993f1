import Foundation
import ShiftyAPI

/// A deal as the API shows it, with its shifts.
struct DealView: Encodable, Sendable {
    struct Leg: Encodable, Sendable {
        var shift: ShiftyAPI.MarketShift
        var giverId: Int64
        var giverName: String
        var receiverId: Int64
        var receiverName: String
    }

    var id: Int64
    var kind: String
    var state: String
    var initiatorId: Int64
    var requestId: Int64?
    var createdAt: Date
    var expiresAt: Date
    var decidedBy: Int64?
    var decidedAt: Date?
    var decisionNote: String?
    /// The display name of `decidedBy`, so the people in the deal see who decided (and `decisionNote` why).
    var decidedByName: String?
    var legs: [Leg]
}

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
    var deal: DealView?
    var shifts: [ShiftyAPI.MarketShift]
    var requests: [RequestView]
}
