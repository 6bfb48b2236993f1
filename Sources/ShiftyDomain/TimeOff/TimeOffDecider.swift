import Foundation

/// The state machine of time off: a member asks, a manager approves or declines (with a note the
/// member sees), the member may withdraw a pending or approved request (``TimeOffStatus``).
///
/// Pure: the server loads (and locks) the request a decision names, asks here, and writes the
/// returned ``TimeOffTransition``; a refusal is a ``TimeOffRefusal``. Checks run in a fixed order so
/// the same situation always yields the same code: for a decision role first, then the note, then
/// existence, then the status; for a request the period's fields in order, then the reason, then
/// the instants.
public enum TimeOffDecider {
    /// Longest accepted reason.
    public static let maximumReasonLength = 1000

    /// What a manager or the member does with an existing request.
    public enum Decision: Sendable, Hashable, Codable {
        case approve(note: String?)
        case decline(note: String?)
        case withdraw
    }

    /// `actor` asks for the time off `draft` names, in the workplace's `zone`, at `now`.
    public static func request(
        _ draft: TimeOffDraft, by actor: WorkplaceActor, in zone: WorkplaceTimeZone, now: Date
    ) throws(TimeOffRefusal) -> TimeOffTransition {
        let (period, reason) = try check(draft)
        let interval = period.interval(in: zone)
        guard !interval.isEmpty else { throw .emptyPeriod }
        guard interval.upperBound > now else { throw .alreadyOver }
        return TimeOffTransition(
            change: .insert(NewTimeOff(member: actor.userID, period: period, interval: interval, reason: reason)),
            event: .requested)
    }

    /// `actor` decides on `current` (the request the command names, `nil` when the workplace has
    /// no such request) at `now`.
    public static func apply(
        _ decision: Decision, to current: TimeOff?, by actor: WorkplaceActor, now: Date
    ) throws(TimeOffRefusal) -> TimeOffTransition {
        try check(decision, by: actor)
        switch decision {
        case .approve(let note):
            let request = try pending(current)
            return TimeOffTransition(
                change: .update(request.id, from: .pending, to: .approved, note: note, decidedBy: actor.userID),
                event: .approved,
                release: ShiftRelease(
                    member: request.member, interval: request.interval, after: now, manager: actor.userID,
                    note: "time off \(request.id) approved"))
        case .decline(let note):
            let request = try pending(current)
            return TimeOffTransition(
                change: .update(request.id, from: .pending, to: .declined, note: note, decidedBy: actor.userID),
                event: .declined)
        case .withdraw:
            // Someone else's request is as good as missing: its existence is not the actor's business.
            guard let request = current, request.member == actor.userID else { throw .notFound }
            guard request.status.isWithdrawable else { throw .notWithdrawable(request.id, request.status) }
            return TimeOffTransition(
                change: .update(request.id, from: request.status, to: .withdrawn, note: nil, decidedBy: nil),
                event: .withdrawn)
        }
    }

    /// The checks of a request that need no database: its fields, in order, and its reason.
    /// Returns the period and the reason as kept.
    @discardableResult
    public static func check(_ draft: TimeOffDraft) throws(TimeOffRefusal) -> (period: TimeOffPeriod, reason: String) {
        (try draft.period(), try draft.trimmedReason())
    }

    /// The checks of a decision that need no request: the server refuses these before it loads
    /// (and locks) anything; ``apply(_:to:by:now:)`` runs them first too.
    public static func check(_ decision: Decision, by actor: WorkplaceActor) throws(TimeOffRefusal) {
        switch decision {
        case .approve(let note), .decline(let note):
            guard actor.isManager else { throw .managerOnly }
            try check(note: note)
        case .withdraw:
            break
        }
    }

    /// Refuses a note longer than the marketplace's (notes read the same everywhere).
    public static func check(note: String?) throws(TimeOffRefusal) {
        guard (note?.count ?? 0) <= Marketplace.maximumNoteLength else { throw .noteTooLong }
    }

    /// A manager's decision needs the request to exist and still be pending.
    private static func pending(_ current: TimeOff?) throws(TimeOffRefusal) -> TimeOff {
        guard let current else { throw .notFound }
        guard current.status == .pending else { throw .notPending(current.id, current.status) }
        return current
    }
}
