/// A period under review (openapi.yaml `TimesheetReview`, `GET /api/v1/timesheets`), members with
/// the most days needing attention first.
public struct TimesheetReview: Codable, Sendable, Hashable {
    /// First local date, `YYYY-MM-DD`.
    public var from: String
    /// Last local date, `YYYY-MM-DD`.
    public var to: String
    /// Late or early beyond this many minutes needs attention.
    public var thresholdMinutes: Int
    public var members: [MemberTimesheet]

    public init(from: String, to: String, thresholdMinutes: Int, members: [MemberTimesheet]) {
        self.from = from
        self.to = to
        self.thresholdMinutes = thresholdMinutes
        self.members = members
    }
}
