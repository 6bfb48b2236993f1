import Foundation
import ShiftyDomain

/// GET /timesheets: a period under review, members with the most days needing attention first.
public struct TimesheetReview: Codable, Sendable, Equatable {
    public var from: LocalDate
    public var to: LocalDate
    /// Late or early beyond this many minutes needs attention.
    public var thresholdMinutes: Int
    public var members: [MemberTimesheet]
}

/// One member's days in a review: days needing attention first (by date), then the rest.
public struct MemberTimesheet: Codable, Sendable, Equatable {
    public var userID: Int64
    public var name: String
    public var username: String
    public var attentionDays: Int
    /// Whether every day of the period lies in a locked approval.
    public var approved: Bool
    public var approvedDates: [LocalDate]
    public var workedMinutes: Int
    public var breakMinutes: Int
    public var paidMinutes: Int
    public var scheduledMinutes: Int
    public var days: [TimesheetDay]
}

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
