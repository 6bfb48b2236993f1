import Foundation

/// The outcome of an accepted time-off command: what the server writes, in one transaction.
public struct TimeOffTransition: Sendable, Hashable, Codable {
    public var change: Change
    /// The event every party hears about (the member and the workplace's active managers).
    public var event: Event
    /// On approval: the member's shifts inside the time off go to the marketplace.
    public var release: ShiftRelease?

    public init(change: Change, event: Event, release: ShiftRelease? = nil) {
        self.change = change
        self.event = event
        self.release = release
    }

    /// The row to write.
    public enum Change: Sendable, Hashable, Codable {
        /// A new pending request.
        case insert(NewTimeOff)
        /// The request moves from `from` to `to`. `note` (when given) replaces the manager's note;
        /// `decidedBy` (when given) records who decided and when.
        case update(TimeOffID, from: TimeOffStatus, to: TimeOffStatus, note: String?, decidedBy: UserID?)
    }

    /// What happened, as the event's kind.
    public enum Event: String, Sendable, Hashable, Codable, CaseIterable {
        case requested, approved, declined, withdrawn
    }
}

/// A request to insert: pending, asked by `member`.
public struct NewTimeOff: Sendable, Hashable, Codable {
    public var member: UserID
    public var period: TimeOffPeriod
    /// `period` in the workplace's zone.
    public var interval: Range<Date>
    public var reason: String

    public init(member: UserID, period: TimeOffPeriod, interval: Range<Date>, reason: String) {
        self.member = member
        self.period = period
        self.interval = interval
        self.reason = reason
    }
}

/// An approval's consequence for the schedule: every shift `member` still holds that starts after
/// `after` and overlaps `interval` is unassigned by `manager` through the marketplace (so it keeps
/// the marketplace's history and events, and the member stays responsible until a pick-up is
/// approved). Which shifts those are is a question for the database; the rule is here.
public struct ShiftRelease: Sendable, Hashable, Codable {
    public var member: UserID
    public var interval: Range<Date>
    public var after: Date
    /// The manager the marketplace sees unassigning.
    public var manager: UserID
    /// The history note on each released shift.
    public var note: String

    public init(member: UserID, interval: Range<Date>, after: Date, manager: UserID, note: String) {
        self.member = member
        self.interval = interval
        self.after = after
        self.manager = manager
        self.note = note
    }
}
