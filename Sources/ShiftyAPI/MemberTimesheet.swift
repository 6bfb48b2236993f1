/// One member's days in a review (`TimesheetReview.members`): days needing attention first (by
/// date), then the rest. The days are written like "my hours" days (openapi.yaml `TimesheetDay`).
public struct MemberTimesheet: Codable, Sendable, Hashable {
    public var userID: Int64
    public var name: String
    public var username: String
    public var attentionDays: Int
    /// Whether every day of the period lies in a locked approval.
    public var approved: Bool
    /// The days in a locked approval, `YYYY-MM-DD`.
    public var approvedDates: [String]
    public var workedMinutes: Int
    public var breakMinutes: Int
    public var paidMinutes: Int
    public var scheduledMinutes: Int
    public var days: [MyHours.Entry]

    public init(
        userID: Int64, name: String, username: String, attentionDays: Int, approved: Bool, approvedDates: [String], workedMinutes: Int,
        breakMinutes: Int, paidMinutes: Int, scheduledMinutes: Int, days: [MyHours.Entry]
    ) {
        self.userID = userID
        self.name = name
        self.username = username
        self.attentionDays = attentionDays
        self.approved = approved
        self.approvedDates = approvedDates
        self.workedMinutes = workedMinutes
        self.breakMinutes = breakMinutes
        self.paidMinutes = paidMinutes
        self.scheduledMinutes = scheduledMinutes
        self.days = days
    }
}
