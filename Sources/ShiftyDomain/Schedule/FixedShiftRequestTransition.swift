/// The outcome of an accepted fixed-shift request command: what the server writes, in one transaction.
public struct FixedShiftRequestTransition: Sendable, Hashable, Codable {
    public var change: Change
    /// The event the member and the workplace's active managers hear about.
    public var event: Event
    /// On approval: the change to the fixed shifts, made as if the approving manager saved it
    /// (the rulebook checks it for them; `override` sets the overridable rules aside).
    public var application: Application?

    public init(change: Change, event: Event, application: Application? = nil) {
        self.change = change
        self.event = event
        self.application = application
    }

    /// The row to write.
    public enum Change: Sendable, Hashable, Codable {
        /// A new pending request.
        case insert(NewFixedShiftRequest)
        /// The request moves from `from` to `to`, keeping the fixed shift as it was before (so a
        /// decided change still reads "before → after"). `note` (when given) is the manager's note;
        /// `decidedBy` (when given) records who decided and when.
        case update(FixedShiftRequestID, from: FixedShiftRequestStatus, to: FixedShiftRequestStatus, note: String?, decidedBy: UserID?)
    }

    /// What an approval does to the fixed shifts.
    public enum Application: Sendable, Hashable, Codable {
        /// A new fixed shift for `member` (the request records the one created).
        case add(member: UserID, FixedShiftProposal, override: RuleOverride?)
        /// The fixed shift with the proposal's fields.
        case change(FixedShiftID, FixedShiftProposal, override: RuleOverride?)
        /// The fixed shift ends.
        case end(FixedShiftID)
    }

    /// What happened, as the event's kind.
    public enum Event: String, Sendable, Hashable, Codable, CaseIterable {
        case requested, approved, declined, withdrawn
    }
}

/// A request to insert: pending, asked by `member`, its proposal as checked.
public struct NewFixedShiftRequest: Sendable, Hashable, Codable {
    public var member: UserID
    public var kind: FixedShiftRequestKind
    public var fixedShift: FixedShiftID?
    public var proposal: FixedShiftProposal
    public var reason: String

    public init(member: UserID, kind: FixedShiftRequestKind, fixedShift: FixedShiftID?, proposal: FixedShiftProposal, reason: String) {
        self.member = member
        self.kind = kind
        self.fixedShift = fixedShift
        self.proposal = proposal
        self.reason = reason
    }
}
