import Foundation

/// What an action would do, decided without writing anything: the answer the action itself
/// would give, every rule it breaks, and what it does to each receiver's week. The server answers
/// it as ShiftyAPI's `ActionPreview` (with the shifts and names it refers to).
public struct ActionVerdict: Sendable, Hashable, Codable {
    /// The refusal the action would answer with now; `nil` when it would be accepted.
    public var refusal: MarketplaceRefusal?
    /// For actions a manager may override (`assign`, `createShift`): the answer with an override.
    /// `nil` there means an override would let it through; always `nil` for other actions.
    public var refusalWithOverride: MarketplaceRefusal?
    /// Whether the action accepts an override at all.
    public var acceptsOverride: Bool
    /// Every rule that refuses or warns, for every receiver (not only the first one the action stops at).
    public var findings: [RuleFinding]
    /// The effect on each member who would receive a shift.
    public var effects: [ReceiverEffect]
    /// What the action would owe under the workplace's schedule-change rule if it went through (with
    /// the override when only an override lets it): the ledger's entries, exempt ones included.
    public var scheduleChanges: [LedgerEntry]

    public init(
        refusal: MarketplaceRefusal?, refusalWithOverride: MarketplaceRefusal?, acceptsOverride: Bool,
        findings: [RuleFinding], effects: [ReceiverEffect], scheduleChanges: [LedgerEntry] = []
    ) {
        self.scheduleChanges = scheduleChanges
        self.refusal = refusal
        self.refusalWithOverride = refusalWithOverride
        self.acceptsOverride = acceptsOverride
        self.findings = findings
        self.effects = effects
    }
}

/// The receiver's week before and after the action (workplace-local ISO week of the incoming shift).
public struct ReceiverEffect: Sendable, Hashable, Codable {
    public var member: UserID
    public var week: ISOWeek
    /// Minutes of the member's shifts (owned, or being received in pending deals) that week now.
    public var minutesBefore: Int
    /// The same after the action.
    public var minutesAfter: Int
    /// Shifts the member would receive.
    public var incoming: [ShiftID]
    /// Shifts the member would hand over in the same action.
    public var outgoing: [ShiftID]
    /// The member's shifts the rules find in conflict with the incoming ones.
    public var conflicting: [ShiftID]
    /// The member's shifts of the week behind ``minutesBefore`` and ``minutesAfter`` (the incoming
    /// one as it would be), so a manager's preview can cost the week at the member's wages
    /// (``LabourCost``).
    public var shiftsBefore: [ShiftInterval]
    public var shiftsAfter: [ShiftInterval]

    public init(
        member: UserID, week: ISOWeek, minutesBefore: Int, minutesAfter: Int,
        incoming: [ShiftID], outgoing: [ShiftID], conflicting: [ShiftID], shiftsBefore: [ShiftInterval] = [], shiftsAfter: [ShiftInterval] = []
    ) {
        self.shiftsBefore = shiftsBefore
        self.shiftsAfter = shiftsAfter
        self.member = member
        self.week = week
        self.minutesBefore = minutesBefore
        self.minutesAfter = minutesAfter
        self.incoming = incoming
        self.outgoing = outgoing
        self.conflicting = conflicting
    }
}
