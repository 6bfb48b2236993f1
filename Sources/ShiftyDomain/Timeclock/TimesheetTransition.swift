/// The outcome of an accepted timesheet command: what the server writes.
public enum TimesheetTransition: Sendable, Hashable, Codable {
    /// A locked approval of `first...last` for each of `members`, by `approvedBy`.
    case approve(members: [UserID], first: LocalDate, last: LocalDate, approvedBy: UserID)
    /// The approval is unlocked by `unlockedBy`, for `reason`; its days may change again.
    case unlock(TimesheetApprovalID, unlockedBy: UserID, reason: String)
}
