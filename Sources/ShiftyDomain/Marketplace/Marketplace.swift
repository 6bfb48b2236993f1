import Foundation

/// The one state machine every marketplace transition goes through.
///
/// `apply` is pure: given the action, who performs it and the rows the server loaded, it either
/// refuses with a stable code or returns the complete `Transition` to persist in one database
/// transaction. Checks run in a fixed order per action (actor active first; manager-only
/// actions check the role next; then existence, cancelled, permission, time, current state and
/// finally receiver legality) so the same situation always yields the same code.
public enum Marketplace {
    /// Longest accepted free-text note.
    public static let maximumNoteLength = 1000

    /// Decides `action` by `actor` against `context` (see `MarketplaceAction` for what to load).
    ///
    /// The server persists a successful `Transition` in one transaction, updating each shift only
    /// where it still holds `ShiftChange.from`; if any update misses, it rolls back and retries
    /// with fresh rows (a concurrent action won).
    public static func apply(
        _ action: MarketplaceAction, actor: MarketplaceActor, context: MarketplaceContext
    ) -> Result<Transition, MarketplaceRefusal> {
        do {
            return .success(try transition(for: action, actor: actor, context: context))
        } catch {
            return .failure(error)
        }
    }

    static func transition(
        for action: MarketplaceAction, actor: MarketplaceActor, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> Transition {
        if case .expire(let dealID) = action {
            // The sweeper acts for the system; the actor is not consulted.
            return try expire(dealID, context: context)
        }
        guard actor.isActive else {
            throw MarketplaceRefusal(.userInactive)
        }
        switch action {
        case .supply(let shiftID):
            return try supply(shiftID, actor: actor, context: context)
        case .revoke(let shiftID):
            return try revoke(shiftID, actor: actor, context: context)
        case .pickUp(let shiftID, let dealID):
            return try pickUp(shiftID, dealID: dealID, actor: actor, context: context)
        case .postRequests(let drafts):
            return try postRequests(drafts, actor: actor, context: context)
        case .withdrawRequest(let requestID):
            return try withdrawRequest(requestID, actor: actor, context: context)
        case .suggest(let shiftID, let requestID):
            return try suggest(shiftID, to: requestID, actor: actor, context: context)
        case .withdrawSuggestion(let shiftID):
            return try withdrawSuggestion(shiftID, actor: actor, context: context)
        case .acceptSuggestion(let shiftID, let dealID):
            return try acceptSuggestion(shiftID, dealID: dealID, actor: actor, context: context)
        case .proposeSwap(let offered, let wanted, let dealID):
            return try proposeSwap(offered: offered, wanted: wanted, dealID: dealID, actor: actor, context: context)
        case .acceptSwap(let dealID):
            return try acceptSwap(dealID, actor: actor, context: context)
        case .declineSwap(let dealID):
            return try declineSwap(dealID, actor: actor, context: context)
        case .approve(let dealID, let note, let override):
            return try approve(dealID, note: note, override: override, actor: actor, context: context)
        case .reject(let dealID, let note):
            return try reject(dealID, note: note, actor: actor, context: context)
        case .cancel(let dealID, let note):
            return try cancel(dealID, note: note, actor: actor, context: context)
        case .cancelShift(let shiftID, let note):
            return try cancelShift(shiftID, note: note, actor: actor, context: context)
        case .unassign(let shiftID, let note):
            return try unassign(shiftID, note: note, actor: actor, context: context)
        case .expire(let dealID):
            return try expire(dealID, context: context)
        case .assign(let shiftID, let receiver, let override):
            return try assign(shiftID, to: receiver, override: override, actor: actor, context: context)
        case .createShift(let new, let override):
            return try createShift(new, override: override, actor: actor, context: context)
        case .editShift(let edit, let override):
            return try editShift(edit, override: override, actor: actor, context: context)
        }
    }
}
