import Foundation

/// The kiosk's punching rules: which punch a member's tap records, given their last punch.
///
/// A tap without an action checks the member in or out by their state; a break needs an open
/// session, ending one needs an open break; a second tap right after the first is a double tap
/// and records nothing. Pure: the server loads the last punch and the clock, asks here, and
/// writes what this returns.
public enum KioskPunch {
    /// A check-in older than this is taken as a forgotten check-out: the next punch starts a new
    /// session instead of closing a 20-hour one, and the old day shows "odd punches" for a manager.
    public static let longestSession: TimeInterval = 16 * 3600

    /// Two punches of one member this close together are a double tap on the kiosk, not a
    /// check-in and a check-out: the second is refused (``KioskPunchRefusal/repeated(last:secondsAgo:)``).
    public static let repeatWindow: TimeInterval = 60

    /// The punch to record for a tap asking for `action` (nil, or a session kind: check in or out
    /// by the member's state; a break kind: start or end a break), after the member's `last` punch.
    public static func decide(action: Punch.Kind?, last: Punch?, now: Date) throws(KioskPunchRefusal) -> Punch.Kind {
        if let last, isRepeat(after: last, now: now) {
            throw .repeated(last: last.kind, secondsAgo: max(0, Int(now.timeIntervalSince(last.instant))))
        }
        let inSession = isInSession(after: last, now: now)
        switch action {
        case .breakStart?:
            guard inSession else { throw .breakWithoutSession }
            guard last?.kind != .breakStart else { throw .alreadyOnBreak }
            return .breakStart
        case .breakEnd?:
            guard inSession, last?.kind == .breakStart else { throw .notOnBreak }
            return .breakEnd
        case .checkIn?, .checkOut?, nil:
            return inSession ? .checkOut : .checkIn
        }
    }

    /// Whether `now` comes within ``repeatWindow`` after `last`.
    public static func isRepeat(after last: Punch, now: Date) -> Bool {
        // PostgreSQL keeps microseconds, so the stored instant of a punch made this very moment
        // may lie a fraction of a microsecond after `now`; a punch really in the future (a
        // manager's correction) is not a double tap.
        let elapsed = now.timeIntervalSince(last.instant)
        return elapsed > -0.001 && elapsed < repeatWindow
    }

    /// Whether the member has an open check-in (or break) from the last ``longestSession``.
    public static func isInSession(after last: Punch?, now: Date) -> Bool {
        guard let last, last.kind != .checkOut else { return false }
        return now.timeIntervalSince(last.instant) < longestSession
    }
}
