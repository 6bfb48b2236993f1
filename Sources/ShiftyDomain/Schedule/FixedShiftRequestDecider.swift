import Foundation

/// The state machine of fixed-shift requests: an employee asks to add, change or end one of their
/// own fixed shifts; a manager approves (the change is then made as if they saved it) or declines
/// with a note the employee sees; the employee may withdraw a pending one (``FixedShiftRequestStatus``).
///
/// A request is checked when it is made as its approval would check it, so managers only ever see
/// requests that could be applied; an approval checks again that it still applies (the fixed shift
/// may have ended meanwhile, the member may have left).
///
/// Pure: the server loads (and locks) what a command names, asks here, and writes the returned
/// ``FixedShiftRequestTransition``; a refusal is a ``FixedShiftRequestRefusal``. Checks run in a
/// fixed order so the same situation always yields the same answer: for a request the kind, the
/// reason, then the fields the kind needs, the fixed shift it names, and the proposal; for a
/// decision the role, the note, existence, the status, and (approving) whether it still applies.
public enum FixedShiftRequestDecider {
    /// Longest accepted reason.
    public static let maximumReasonLength = 1000

    /// What a manager or the member does with an existing request.
    public enum Decision: Sendable, Hashable, Codable {
        /// `override` (a manager's, with a reason) sets the overridable rules aside for the change.
        case approve(note: String?, override: RuleOverride?)
        case decline(note: String?)
        case withdraw
    }

    /// The checks of a request that need no database: its kind and its reason, as kept (trimmed).
    @discardableResult
    public static func check(_ draft: FixedShiftRequestDraft) throws(FixedShiftRequestRefusal) -> (kind: FixedShiftRequestKind, reason: String) {
        guard let kind = FixedShiftRequestKind(rawValue: draft.kind) else { throw .unknownKind }
        let reason = (draft.reason ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard reason.count <= maximumReasonLength else { throw .reasonTooLong }
        return (kind, reason)
    }

    /// `actor` asks for `draft`. `target` is the fixed shift the draft names as loaded (`nil` when it
    /// names none or the workplace has no such one); an add without a first day starts `today`.
    public static func request(
        _ draft: FixedShiftRequestDraft, by actor: WorkplaceActor, target: ExistingFixedShift?, today: LocalDate
    ) throws(FixedShiftRequestRefusal) -> FixedShiftRequestTransition {
        let (kind, reason) = try check(draft)
        var proposal = draft.proposal
        proposal.position = proposal.position.map { $0.trimmingCharacters(in: .whitespaces) }
        var fixedShift: FixedShiftID?
        switch kind {
        case .add:
            guard draft.fixedShift == nil else { throw .fixedShiftGiven }
            guard proposal.weekday != nil else { throw .missing(.weekday) }
            guard proposal.startTime != nil else { throw .missing(.startTime) }
            guard proposal.durationMinutes != nil else { throw .missing(.durationMinutes) }
            if proposal.position?.isEmpty == true { proposal.position = nil }
            if let added = proposal.added(from: today) { try check(added, id: FixedShiftID(rawValue: 0), owner: actor.userID) }
        case .change, .end:
            guard let id = draft.fixedShift else { throw .fixedShiftMissing(kind) }
            // Someone else's fixed shift is as good as missing: it is not the actor's to ask about.
            guard let target, target.fixedShift.id == id, target.isActive, target.fixedShift.owner == actor.userID else {
                throw .fixedShiftNotFound
            }
            fixedShift = id
            if kind == .end {
                proposal = FixedShiftProposal()
                break
            }
            guard proposal.namesAnything else { throw .nothingChanges }
            try check(proposal.applied(to: target.fixedShift), id: id, owner: actor.userID)
        }
        return FixedShiftRequestTransition(
            change: .insert(NewFixedShiftRequest(member: actor.userID, kind: kind, fixedShift: fixedShift, proposal: proposal, reason: reason)),
            event: .requested)
    }

    /// `actor` decides on `current` (the request the command names, `nil` when the workplace has
    /// none). Approving needs `facts`: whether the request still applies.
    public static func apply(
        _ decision: Decision, to current: FixedShiftRequest?, by actor: WorkplaceActor,
        facts: FixedShiftRequestFacts = FixedShiftRequestFacts(memberIsActive: true)
    ) throws(FixedShiftRequestRefusal) -> FixedShiftRequestTransition {
        try check(decision, by: actor)
        switch decision {
        case .approve(let note, let override):
            let request = try pending(current)
            return FixedShiftRequestTransition(
                change: .update(request.id, from: .pending, to: .approved, note: note, decidedBy: actor.userID),
                event: .approved, application: try application(of: request, facts: facts, override: override))
        case .decline(let note):
            let request = try pending(current)
            return FixedShiftRequestTransition(
                change: .update(request.id, from: .pending, to: .declined, note: note, decidedBy: actor.userID), event: .declined)
        case .withdraw:
            // Someone else's request is as good as missing: its existence is not the actor's business.
            guard let request = current, request.member == actor.userID else { throw .requestNotFound }
            guard let status = request.status.after(.withdraw) else { throw .notPending(request.id, request.status) }
            return FixedShiftRequestTransition(
                change: .update(request.id, from: request.status, to: status, note: nil, decidedBy: nil), event: .withdrawn)
        }
    }

    /// The checks of a decision that need no request: the server refuses these before it loads
    /// (and locks) anything; ``apply(_:to:by:facts:)`` runs them first too.
    public static func check(_ decision: Decision, by actor: WorkplaceActor) throws(FixedShiftRequestRefusal) {
        switch decision {
        case .approve(let note, _), .decline(let note):
            guard actor.isManager else { throw .managerOnly }
            guard (note?.count ?? 0) <= Marketplace.maximumNoteLength else { throw .noteTooLong }
        case .withdraw:
            break
        }
    }

    /// What approving `request` does to the fixed shifts, while it still applies.
    public static func application(
        of request: FixedShiftRequest, facts: FixedShiftRequestFacts, override: RuleOverride?
    ) throws(FixedShiftRequestRefusal) -> FixedShiftRequestTransition.Application {
        switch request.kind {
        case .add:
            let complete = request.proposal.weekday != nil && request.proposal.startTime != nil && request.proposal.durationMinutes != nil
            guard facts.memberIsActive, complete else { throw .outdated(request.id, .memberInactive) }
            return .add(member: request.member, request.proposal, override: override)
        case .change, .end:
            guard let id = request.fixedShift, let existing = facts.fixedShift, existing.fixedShift.id == id else {
                throw .outdated(request.id, .gone)
            }
            guard existing.isActive, existing.fixedShift.owner == request.member else { throw .outdated(request.id, .ended) }
            return request.kind == .end ? .end(id) : .change(id, request.proposal, override: override)
        }
    }

    /// A manager's decision needs the request to exist and still be pending.
    private static func pending(_ current: FixedShiftRequest?) throws(FixedShiftRequestRefusal) -> FixedShiftRequest {
        guard let current else { throw .requestNotFound }
        guard current.status == .pending else { throw .notPending(current.id, current.status) }
        return current
    }

    private static func check(_ draft: FixedShiftDraft, id: FixedShiftID, owner: UserID) throws(FixedShiftRequestRefusal) {
        do {
            _ = try draft.rule(id: id, owner: owner)
        } catch {
            throw .proposal(error)
        }
    }
}
