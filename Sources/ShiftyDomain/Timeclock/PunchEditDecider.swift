import Foundation

/// The rules of a manager's punch edits and of looking at a member's days, without I/O. The
/// server loads the punch, asks here, then writes (every edit audited with its reason, which
/// ``TimesheetDecider/checkedReason(_:)`` checks, on a day ``TimesheetDecider/checkEdit(touching:locks:in:)``
/// allows).
public enum PunchEditDecider {
    /// How far in the future a manual punch may lie: clock skew between devices, not a plan.
    public static let futureSlack: TimeInterval = 5 * 60
    /// Nothing is punched before the year 2000 (a date typed without its century).
    public static let earliest = Date(timeIntervalSince1970: 946_684_800)
    /// The longest range of days one look covers: a year, leap day included.
    public static let longestDaysRange = 366

    /// A punch added or moved to `instant`.
    public static func check(instant: Date, now: Date) throws(PunchRefusal) {
        guard instant.timeIntervalSince(now) <= futureSlack else { throw .inFuture }
        guard instant > earliest else { throw .beforeEarliest }
    }

    /// A move to `instant`, as `kind`, or both; one of them must be new.
    public static func checkMove(to instant: Date?, kind: Punch.Kind?, now: Date) throws(PunchRefusal) {
        if let instant { try check(instant: instant, now: now) }
        guard instant != nil || kind != nil else { throw .nothingToChange }
    }

    /// Whose days `actor` looks at: their own when they name nobody; a manager anyone's, an employee
    /// only their own (anyone else's is as missing as a member who does not exist).
    public static func member(_ asked: UserID?, by actor: WorkplaceActor) throws(PunchRefusal) -> UserID {
        let member = asked ?? actor.userID
        guard member == actor.userID || actor.isManager else { throw .memberNotFound }
        return member
    }

    /// The days from `first` through `last`: forwards, at most ``longestDaysRange`` days on.
    public static func checkDays(_ first: LocalDate, _ last: LocalDate) throws(PunchRefusal) {
        guard first <= last, first.days(until: last) <= longestDaysRange else { throw .daysOutOfRange }
    }
}
