import Foundation
import ShiftyDomain

/// PUT /users/:id/qualifications: the complete list of positions the member may work.
package struct SetQualificationsRequest: Decodable {
    package var positions: [String]
}

/// PUT /users/:id/hour-limits: the member's own values (`null` or missing: the workplace's).
package typealias SetMemberHourLimitsRequest = MemberHourLimits

