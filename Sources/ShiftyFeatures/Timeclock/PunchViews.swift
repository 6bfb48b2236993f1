import Foundation
import ShiftyDomain

/// A punch as the API shows it, with the member's names so lists need no second lookup.
public struct PunchView: Codable, Sendable, Equatable {
    public var id: Int64
    public var userID: Int64
    public var username: String
    public var displayName: String
    public var at: Date
    /// The workplace-local calendar date of `at`.
    public var localDate: String
    public var kind: Punch.Kind
    /// `kiosk`, `manager` or `demo`.
    public var source: String
    public var kioskName: String?
    /// The member's scheduled position on that local date, when they had a shift.
    public var position: String?
}

/// One entry of the punch audit trail.
public struct PunchEditView: Codable, Sendable, Equatable {
    public struct State: Codable, Sendable, Equatable {
        public var at: Date
        public var kind: Punch.Kind
    }

    public var id: Int64
    public var punchID: Int64
    public var userID: Int64
    public var actorID: Int64
    public var actorName: String
    public var at: Date
    /// `add`, `move` or `delete`.
    public var action: String
    public var before: State?
    public var after: State?
    public var reason: String
}

/// What the kiosk shows after a punch: who, in or out, and their hours so far.
public struct KioskPunchResult: Codable, Sendable, Equatable {
    public var punch: PunchView
    /// `checked_in` or `checked_out`.
    public var action: String
    public var displayName: String
    public var workedMinutesToday: Int
    public var workedMinutesThisWeek: Int
    /// The member's current or next shift (within 12 hours), when they have one.
    public var shift: KioskShiftView?
    /// Early, late or on time against that shift (check-ins against its start, check-outs against its end).
    public var timing: KioskTimingView?
    /// The workplace's time zone: the kiosk shows every time in it, not in the tablet's.
    public var timeZone: String
}

/// A shift as the kiosk shows it after a punch.
public struct KioskShiftView: Codable, Sendable, Equatable {
    public var id: Int64
    public var startsAt: Date
    public var endsAt: Date
    public var position: String?
}

/// Early, late or on time, by how many minutes.
public struct KioskTimingView: Codable, Sendable, Equatable {
    public var verdict: PunchTiming.Verdict
    public var minutes: Int
}

/// A name tile on the kiosk: somebody scheduled around now (or checked in).
public struct KioskTileView: Codable, Sendable, Equatable {
    public var userID: Int64
    public var username: String
    public var displayName: String
    public var hasPin: Bool
    public var checkedIn: Bool
}

/// A member's days over a range, for their own timeclock page.
public struct TimeclockDaysView: Codable, Sendable, Equatable {
    public var userID: Int64
    public var from: LocalDate
    public var to: LocalDate
    public var days: [DayReport]
    public var workedMinutes: Int
}

/// A member who is checked in right now (for the manager's "who is here" list).
public struct PresentMemberView: Codable, Sendable, Equatable {
    public var userID: Int64
    public var username: String
    public var displayName: String
    /// When they checked in.
    public var since: Date
}
