import Foundation

/// What the server must load (and lock) before calling `Marketplace.apply`.
extension MarketplaceAction {
    /// Shifts the action names directly. For `acceptSuggestion`, `withdrawRequest` and
    /// `suggest`, also load every shift suggested to the request (they may be released).
    public var referencedShiftIDs: [ShiftID] {
        switch self {
        case .supply(let id), .revoke(let id), .pickUp(let id, _), .suggest(let id, _),
             .withdrawSuggestion(let id), .acceptSuggestion(let id, _), .cancelShift(let id, _),
             .unassign(let id, _), .assign(let id, _, _):
            [id]
        case .editShift(let edit, _):
            [edit.id]
        case .proposeSwap(let offered, let wanted, _):
            [offered, wanted]
        case .postRequests, .withdrawRequest, .acceptSwap, .declineSwap, .approve, .reject, .cancel, .expire, .createShift:
            []
        }
    }

    /// The existing deal the action names; load its legs' shifts too.
    public var referencedDealID: DealID? {
        switch self {
        case .acceptSwap(let id), .declineSwap(let id), .approve(let id, _, _), .reject(let id, _),
             .cancel(let id, _), .expire(let id):
            id
        default:
            nil
        }
    }

    /// The request the action names directly (`acceptSuggestion` and `withdrawSuggestion` use the
    /// shift's `requestID`; deals of kind `suggestionAccepted` use the deal's `requestID`).
    public var referencedRequestID: RequestID? {
        switch self {
        case .withdrawRequest(let id), .suggest(_, let id): id
        default: nil
        }
    }

    /// Members whose commitments the legality check needs: everyone who would receive a shift.
    public func receivers(actor: UserID, shifts: [ShiftID: OwnedShift], deal: Deal?) -> Set<UserID> {
        switch self {
        case .pickUp, .acceptSuggestion:
            return [actor]
        case .proposeSwap(_, let wanted, _):
            return Set([actor] + (shifts[wanted].map { [$0.owner] } ?? []))
        case .acceptSwap, .approve:
            return Set(deal?.legs.map(\.receiver) ?? [])
        case .assign(_, let receiver, _):
            return [receiver]
        case .createShift(let new, _):
            return [new.owner]
        case .editShift(let edit, _):
            return Set(shifts[edit.id].map { [$0.owner] } ?? [])
        default:
            return []
        }
    }
}

extension Marketplace {
    /// The time range in which a receiver's other shifts matter for `incoming`: anything
    /// overlapping the shift or starting on its workplace-local date. Load the receiver's shifts
    /// with `start < upperBound AND end > lowerBound`.
    public static func commitmentWindow(for incoming: OwnedShift, in timeZone: WorkplaceTimeZone) -> Range<Date> {
        let day = timeZone.localDate(of: incoming.start)
        let lower = min(timeZone.startOfDay(day), incoming.start)
        let upper = max(timeZone.endOfDay(day), incoming.end)
        return lower..<upper
    }
}
