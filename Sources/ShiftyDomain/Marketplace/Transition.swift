import Foundation

/// The outcome of an accepted marketplace action: what to write, in one transaction.
public struct Transition: Sendable, Hashable, Codable {
    /// The action's resulting deal state when it created or changed a deal.
    public var deal: Deal?
    /// Shift rows to update (the server updates them only if they still hold `from`).
    public var shiftChanges: [ShiftChange]
    /// One-off shifts to insert (a manager's `createShift`).
    public var newShifts: [NewShift]
    /// Request rows to insert or update (`from == nil` means insert).
    public var requestChanges: [RequestChange]
    /// Rows for the history table.
    public var history: [HistoryEntry]
    /// Notifications to publish after commit.
    public var events: [MarketplaceEvent]
    /// Shifts whose times or position a manager changed (`editShift`).
    public var timeChanges: [ShiftTimeChange] = []

    public init(
        deal: Deal? = nil, shiftChanges: [ShiftChange] = [], newShifts: [NewShift] = [], requestChanges: [RequestChange] = [],
        history: [HistoryEntry] = [], events: [MarketplaceEvent] = []
    ) {
        self.deal = deal
        self.shiftChanges = shiftChanges
        self.newShifts = newShifts
        self.requestChanges = requestChanges
        self.history = history
        self.events = events
    }

    /// Every shift the transition creates or changes (owner, status, times or position), each once:
    /// what the workplace's `team_schedule.changed` names and a publication counts.
    public var changedShiftIDs: Set<ShiftID> {
        Set(newShifts.map(\.id) + shiftChanges.map(\.shiftID) + timeChanges.map(\.shiftID))
    }
}

/// One shift's before and after. Writing `to` only where the row still equals `from` makes
/// concurrent pick-ups safe: exactly one `UPDATE … WHERE status = 'supplied'` wins.
public struct ShiftChange: Sendable, Hashable, Codable {
    public var shiftID: ShiftID
    public var from: ShiftState
    public var to: ShiftState
    /// Whether the change marks the shift as edited by hand even though its owner stays the same
    /// (a manager's unassignment): generation then never re-creates or overwrites it. Owner
    /// changes and cancellations always mark it; the server derives those from `from` and `to`.
    public var touches: Bool
    /// Whether the change marks the shift as unassigned (`OwnedShift.isUnassigned`). The mark
    /// stays until the shift changes owner; the server clears it then.
    public var unassigns: Bool
    /// Whether a manager decided who works the shift (`Marketplace.assign`): clears the
    /// unassigned mark even when the shift goes back to the same owner.
    public var assigns: Bool

    public init(
        shiftID: ShiftID, from: ShiftState, to: ShiftState, touches: Bool = false, unassigns: Bool = false, assigns: Bool = false
    ) {
        self.shiftID = shiftID
        self.from = from
        self.to = to
        self.touches = touches
        self.unassigns = unassigns
        self.assigns = assigns
    }
}

/// One request's before (`nil` when it is new) and after.
public struct RequestChange: Sendable, Hashable, Codable {
    public var from: ExtraWorkRequest?
    public var to: ExtraWorkRequest

    public init(from: ExtraWorkRequest?, to: ExtraWorkRequest) {
        self.from = from
        self.to = to
    }
}

/// One history row: who moved what from which state to which, when, and why.
public struct HistoryEntry: Sendable, Hashable, Codable {
    public enum Subject: Sendable, Hashable, Codable {
        case shift(ShiftID)
        case deal(DealID)
        case request(RequestID)
    }

    public var subject: Subject
    /// `nil` for the system (expiry).
    public var actor: UserID?
    public var at: Date
    /// Previous state name (`nil` when the subject was created).
    public var from: String?
    public var to: String
    /// Free text such as the manager's note; also records owner changes ("owner a → b").
    public var note: String?

    public init(subject: Subject, actor: UserID?, at: Date, from: String?, to: String, note: String? = nil) {
        self.subject = subject
        self.actor = actor
        self.at = at
        self.from = from
        self.to = to
        self.note = note
    }
}

/// Something clients should hear about after the transaction commits.
public struct MarketplaceEvent: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case shiftSupplied = "shift.supplied"
        case shiftRevoked = "shift.revoked"
        /// A manager released the member's shift to the marketplace.
        case shiftUnassigned = "shift.unassigned"
        case requestPosted = "request.posted"
        case requestWithdrawn = "request.withdrawn"
        case suggestionMade = "suggestion.made"
        case suggestionWithdrawn = "suggestion.withdrawn"
        case suggestionReleased = "suggestion.released"
        case swapProposed = "swap.proposed"
        case dealAwaitingApproval = "deal.awaiting_approval"
        case dealApproved = "deal.approved"
        case dealRejected = "deal.rejected"
        case dealCancelled = "deal.cancelled"
        case dealDeclined = "deal.declined"
        case dealExpired = "deal.expired"
        /// A deal that waited for a manager left the approval queue (approved, rejected, cancelled or
        /// expired): tells the other managers to drop it from their queue.
        case approvalResolved = "approval.resolved"
        /// A manager gave an existing shift to a member.
        case shiftAssigned = "shift.assigned"
        /// A manager added a one-off shift for a member.
        case shiftCreated = "shift.created"
        /// A manager changed the time or position of the member's shift.
        case shiftEdited = "shift.edited"
        /// A manager broke an overridable rule on purpose (the rules and the reason are in the event).
        case ruleOverridden = "shift.rule_overridden"
        /// A coworker picked up the giver's supplied shift (or accepted the shift they suggested to
        /// a request); the deal now waits for a manager.
        case shiftPickedUp = "shift.picked_up"
    }

    /// Who should be told.
    public enum Audience: Sendable, Hashable, Codable {
        /// Everyone in the workplace (marketplace and request lists changed).
        case workplace
        /// The workplace's managers (something waits for approval).
        case managers
        /// These members.
        case users(Set<UserID>)
    }

    public var kind: Kind
    public var audience: Audience
    public var shiftIDs: [ShiftID]
    public var dealID: DealID?
    public var requestID: RequestID?
    /// For `ruleOverridden`: the codes of the rules set aside, and the manager's reason.
    public var overriddenRules: [String] = []
    public var overrideReason: String?

    public init(kind: Kind, audience: Audience, shiftIDs: [ShiftID] = [], dealID: DealID? = nil, requestID: RequestID? = nil) {
        self.kind = kind
        self.audience = audience
        self.shiftIDs = shiftIDs
        self.dealID = dealID
        self.requestID = requestID
    }
}
