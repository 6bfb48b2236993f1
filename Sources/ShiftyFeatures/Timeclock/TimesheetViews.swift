import Foundation
import ShiftyDomain

/// POST /timesheets/approvals (managers): approve a finished period for one member or everyone.
package struct ApproveTimesheetRequest: Decodable {
    var from: LocalDate
    var to: LocalDate
    /// One member; everyone in the review when left out.
    var userID: Int64?
}

/// POST /timesheets/approvals/:id/unlock (managers)
package struct UnlockTimesheetRequest: Decodable {
    package var reason: String
}
