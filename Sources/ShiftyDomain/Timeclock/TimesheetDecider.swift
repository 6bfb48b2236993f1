import Foundation

/// The rules of timesheet approval: a manager reviews a period of at most a month, approves it once
/// it is over (which locks its days for each member against punch edits), and may unlock an approval
/// again with a reason; a punch edit touching a locked day is refused until then.
///
/// Pure: the server checks a command here before it opens a transaction, loads the members and the
/// locked approvals a command concerns, asks here, and writes the returned ``TimesheetTransition``;
/// a refusal is a ``TimesheetRefusal``. Checks run in a fixed order: the role, the period (or the
/// reason), then what needs the database (the period being over, the member, the approval).
public enum TimesheetDecider {
    /// Longest period reviewed or approved at once (a week or a month).
    public static let longestPeriodDays = 31
    /// The thresholds a review accepts for "off schedule", in minutes.
    public static let thresholdMinutes = 0...240
    /// Longest reason for changing hours (a punch edit, an unlock).
    public static let maximumReasonLength = 500

    /// The checks of reviewing or approving `first...last` that need no database.
    public static func check(period first: LocalDate, _ last: LocalDate, by actor: WorkplaceActor) throws(TimesheetRefusal) {
        guard actor.isManager else { throw .managerOnly }
        guard first <= last, first.days(until: last) < longestPeriodDays else { throw .periodOutOfRange }
    }

    /// The threshold a review uses: the one asked for, within ``thresholdMinutes``.
    public static func check(threshold minutes: Int) throws(TimesheetRefusal) -> Int {
        guard thresholdMinutes.contains(minutes) else { throw .thresholdOutOfRange }
        return minutes
    }

    /// The members a review or an approval is about: `found` (the workplace's members in the
    /// period, or the one `asked` for); asking for one who is not there is refused.
    public static func members(_ found: [UserID], asked: UserID?) throws(TimesheetRefusal) -> [UserID] {
        if asked != nil, found.isEmpty { throw .memberNotFound }
        return found
    }

    /// Approves `first...last` for `found` (see ``members(_:asked:)``) on the workplace's `today`;
    /// `locks` are the locked approvals of those members touching the period. A member whose whole
    /// period one of them already covers gets nothing new (approving twice adds nothing).
    public static func approve(
        _ first: LocalDate, _ last: LocalDate, members found: [UserID], asked: UserID?, locks: [TimesheetApproval],
        today: LocalDate, by actor: WorkplaceActor
    ) throws(TimesheetRefusal) -> TimesheetTransition {
        try check(period: first, last, by: actor)
        guard last < today else { throw .periodNotOver }
        let approving = try Self.members(found, asked: asked).filter { member in
            !locks.contains { $0.member == member && $0.isLocked && $0.covers(first, through: last) }
        }
        return .approve(members: approving, first: first, last: last, approvedBy: actor.userID)
    }

    /// The checks of unlocking that need no approval: the role and the reason, as kept (trimmed).
    public static func check(unlockReason reason: String, by actor: WorkplaceActor) throws(TimesheetRefusal) -> String {
        guard actor.isManager else { throw .managerOnly }
        return try checkedReason(reason)
    }

    /// Unlocks `current` (the approval the command names as loaded, `nil` when the workplace has none).
    public static func unlock(
        _ current: TimesheetApproval?, reason: String, by actor: WorkplaceActor
    ) throws(TimesheetRefusal) -> TimesheetTransition {
        let reason = try check(unlockReason: reason, by: actor)
        guard let current, current.isLocked else { throw .approvalNotFound }
        return .unlock(current.id, unlockedBy: actor.userID, reason: reason)
    }

    /// A reason for changing hours, as kept: trimmed, 1 to ``maximumReasonLength`` characters.
    public static func checkedReason(_ raw: String) throws(TimesheetRefusal) -> String {
        let reason = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...maximumReasonLength).contains(reason.count) else { throw .reasonLength }
        return reason
    }

    /// Refuses a punch edit of a member touching `instants` (the punch before and after the edit)
    /// when one of their days in the workplace's `zone` is in one of `locks` (the member's locked
    /// approvals touching those days): names the earliest such day and the oldest approval locking it.
    public static func checkEdit(touching instants: [Date], locks: [TimesheetApproval], in zone: WorkplaceTimeZone) throws(TimesheetRefusal) {
        for date in Set(instants.map { zone.localDate(of: $0) }).sorted() {
            if let lock = locks.filter({ $0.isLocked && $0.covers(date) }).min(by: { $0.id < $1.id }) {
                throw .locked(date: date, approval: lock.id)
            }
        }
    }
}
