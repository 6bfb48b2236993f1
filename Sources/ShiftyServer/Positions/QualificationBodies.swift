import Foundation
import ShiftyDomain

/// PUT /users/:id/qualifications: the complete list of positions the member may work.
struct SetQualificationsRequest: Decodable {
    var positions: [String]
}

/// PUT /users/:id/hour-limits: the member's own values (`null` or missing: the workplace's).
typealias SetMemberHourLimitsRequest = MemberHourLimits

/// GET /positions: the workplace's tracked positions, who is qualified for what, and members' own limits.
struct PositionsView: Encodable {
    var positions: [String]
    var members: [MemberQualificationsView]
}

struct MemberQualificationsView: Encodable {
    var userId: Int64
    var positions: [String]
    var hourLimits: MemberHourLimits
}
