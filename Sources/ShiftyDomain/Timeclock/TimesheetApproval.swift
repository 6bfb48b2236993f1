/// A timesheet approval (`timesheet_approvals.id`).
public struct TimesheetApprovalID: DomainIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A member's approved period as the rules see it: while it is locked, no punch on its days changes.
public struct TimesheetApproval: Sendable, Hashable, Codable {
    public var id: TimesheetApprovalID
    public var member: UserID
    public var first: LocalDate
    public var last: LocalDate
    /// Not unlocked since it was approved.
    public var isLocked: Bool

    public init(id: TimesheetApprovalID, member: UserID, first: LocalDate, last: LocalDate, isLocked: Bool) {
        self.id = id
        self.member = member
        self.first = first
        self.last = last
        self.isLocked = isLocked
    }

    /// Whether `date` is one of its days.
    public func covers(_ date: LocalDate) -> Bool { first <= date && date <= last }

    /// Whether every day of `first...last` is one of its days.
    public func covers(_ first: LocalDate, through last: LocalDate) -> Bool { self.first <= first && last <= self.last }
}
