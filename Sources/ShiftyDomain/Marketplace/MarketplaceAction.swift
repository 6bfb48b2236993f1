/// Everything a member (or manager) can ask the marketplace to do.
///
/// Actions that create a deal or request carry the new identifier: the server generates it so
/// that the domain stays free of randomness.
public enum MarketplaceAction: Sendable, Hashable, Codable {
    /// Offer one's own future shift on the marketplace.
    case supply(ShiftID)
    /// Take one's supplied shift back while nobody has taken it.
    case revoke(ShiftID)
    /// Take someone else's supplied shift.
    case pickUp(ShiftID, newDealID: DealID)
    /// Ask for extra work on one or more dates (one request per date).
    case postRequests([NewRequest])
    /// Withdraw one's own open request; its suggestions are released.
    case withdrawRequest(RequestID)
    /// Offer one's own shift on the request's date to the requester.
    case suggest(ShiftID, to: RequestID)
    /// Take back one's suggestion.
    case withdrawSuggestion(ShiftID)
    /// The requester accepts one suggestion; the other suggestions are released.
    case acceptSuggestion(ShiftID, newDealID: DealID)
    /// Propose exchanging one's own shift for a coworker's shift.
    case proposeSwap(offered: ShiftID, wanted: ShiftID, newDealID: DealID)
    /// The swap counterparty agrees.
    case acceptSwap(DealID)
    /// The swap counterparty refuses.
    case declineSwap(DealID)
    /// A manager approves a pending deal (rules are re-checked now). With an override the manager
    /// sets aside the overridable rules a receiver breaks (recorded like `assign`'s).
    case approve(DealID, note: String?, override: RuleOverride? = nil)
    /// A manager rejects a pending deal; every shift returns to its previous owner and state.
    case reject(DealID, note: String?)
    /// Anyone involved withdraws a pending deal before it is decided.
    case cancel(DealID, note: String?)
    /// A manager removes a shift from the schedule (terminal). Refused while a deal holds it.
    case cancelShift(ShiftID, note: String?)
    /// A manager releases a member's plain (or supplied) future shift to the marketplace: any
    /// other active member may pick it up, and the owner stays responsible until a pick-up is
    /// approved. Refused while a deal holds the shift.
    case unassign(ShiftID, note: String?)
    /// The deal's earliest shift has started while it was still pending (the server's sweeper).
    case expire(DealID)
    /// A manager gives a plain or offered future shift to a member (it leaves the marketplace).
    /// The member must pass the `Rulebook`, unless the manager overrides the overridable rules.
    case assign(ShiftID, to: UserID, override: RuleOverride?)
    /// A manager adds a one-off shift for a member, under the same rules as `assign`.
    case createShift(NewShift, override: RuleOverride?)
    /// A manager changes a plain future shift's start, length or position (same person, same
    /// date); the owner must pass the `Rulebook` with the new times, unless the manager overrides.
    case editShift(ShiftEdit, override: RuleOverride?)

    /// Stable snake_case name, for logs and history.
    public var name: String {
        switch self {
        case .supply: "supply"
        case .revoke: "revoke"
        case .pickUp: "pick_up"
        case .postRequests: "post_requests"
        case .withdrawRequest: "withdraw_request"
        case .suggest: "suggest"
        case .withdrawSuggestion: "withdraw_suggestion"
        case .acceptSuggestion: "accept_suggestion"
        case .proposeSwap: "propose_swap"
        case .acceptSwap: "accept_swap"
        case .declineSwap: "decline_swap"
        case .approve: "approve"
        case .reject: "reject"
        case .cancel: "cancel"
        case .cancelShift: "cancel_shift"
        case .unassign: "unassign"
        case .expire: "expire"
        case .assign: "assign"
        case .createShift: "create"
        case .editShift: "edit"
        }
    }
}

/// One date of a `postRequests` action, with the identifier the server chose for it.
public struct NewRequest: Sendable, Hashable, Codable {
    public var id: RequestID
    public var date: LocalDate

    public init(id: RequestID, date: LocalDate) {
        self.id = id
        self.date = date
    }
}
