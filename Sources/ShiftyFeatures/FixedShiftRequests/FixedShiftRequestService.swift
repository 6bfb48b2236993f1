import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres
import ShiftyServerCore

/// Fixed-shift requests: an employee asks to add, change or end one of their own fixed shifts, a
/// manager of the workplace approves or declines (with a note the employee sees), the employee
/// may withdraw a pending one. Every step writes an event to the employee and the workplace's
/// managers in the same transaction.
///
/// The rules are `FixedShiftRequestDecider`'s: each command is checked there before a transaction
/// opens, then the request (and what an approval needs) is loaded and locked, decided on, and the
/// answer written by `FixedShiftRequestWriter`. Approving applies the change through the same
/// writes the fixed-shift routes use, so the rulebook checks it for the approving manager (who may
/// override with a reason) and its future untouched weeks are regenerated.
///
/// A request may be made whatever `employeesManageFixedShifts` says: where employees may change
/// their fixed shifts directly the page does not offer it, but asking stays allowed, and a request
/// made while the setting was off is still decided normally after it was turned on.
package struct FixedShiftRequestService: Sendable {
    let pool: PostgresPool

    package init(pool: PostgresPool) {
        self.pool = pool
    }

    package func list(_ caller: AuthenticatedUser, userID: Int64?, status: FixedShiftRequestStatus?) async throws -> [FixedShiftRequestView] {
        // An employee sees only their own; a manager everyone's (or one member's).
        let member = caller.isManager ? userID : caller.id
        return try await pool.withConnection { connection in
            try FixedShiftRequestStore.list(workplaceID: caller.workplaceID, userID: member, status: status, on: connection)
        }
    }

    package func request(_ caller: AuthenticatedUser, _ body: RequestFixedShiftChangeBody, now: Date = Date()) async throws -> FixedShiftRequestView {
        let draft = body.draft
        let actor = caller.workplaceActor
        // The kind and the reason are refused before the database is asked anything.
        try FixedShiftRequestDecider.check(draft)
        let workplaceID = caller.workplaceID
        return try await pool.transaction { connection in
            let target = try draft.fixedShift.flatMap { try FixedShiftRequestStore.fixedShift($0, workplaceID: workplaceID, lock: false, on: connection) }
            let today = try ShiftStore.today(workplaceID: workplaceID, asOf: now, on: connection)
            let transition = try FixedShiftRequestDecider.request(draft, by: actor, target: target, today: today)
            return try FixedShiftRequestWriter.write(transition, by: actor, workplaceID: workplaceID, now: now, on: connection)
        }
    }

    /// Applies the request as if the manager saved it: the same rule check (a refusal answers as
    /// the fixed-shift routes do; `override` with a reason sets the overridable rules aside).
    package func approve(
        _ caller: AuthenticatedUser, id: Int64, note: String?, override: RuleOverride? = nil, now: Date = Date()
    ) async throws -> FixedShiftRequestView {
        try await decide(.approve(note: note, override: override), id: id, caller: caller, now: now)
    }

    package func decline(_ caller: AuthenticatedUser, id: Int64, note: String?, now: Date = Date()) async throws -> FixedShiftRequestView {
        try await decide(.decline(note: note), id: id, caller: caller, now: now)
    }

    /// The employee takes back their pending request; another member's answers 404.
    package func withdraw(_ caller: AuthenticatedUser, id: Int64, now: Date = Date()) async throws -> FixedShiftRequestView {
        try await decide(.withdraw, id: id, caller: caller, now: now)
    }

    /// What approving would answer (`POST /fixed-shift-requests/{id}/approve/preview`): the rule
    /// check of the add or change for the approving manager, nothing written. An end checks nothing.
    package func previewApproval(_ caller: AuthenticatedUser, id: Int64, now: Date = Date()) async throws -> FixedShiftPreviewView {
        let actor = caller.workplaceActor
        let approval = FixedShiftRequestDecider.Decision.approve(note: nil, override: nil)
        try FixedShiftRequestDecider.check(approval, by: actor)
        let workplaceID = caller.workplaceID
        let manager = ShiftService.actor(caller)
        return try await pool.transaction { connection in
            let (current, facts) = try Self.load(id, for: approval, workplaceID: workplaceID, on: connection)
            let transition = try FixedShiftRequestDecider.apply(approval, to: current, by: actor, facts: facts)
            let check: FixedShiftCheck?
            switch transition.application {
            case .add(let member, let proposal, _)?:
                let body = try FixedShiftRequestWriter.body(adding: proposal, for: member)
                let rule = try ShiftService.plannedFixedShift(owner: member.rawValue, body, workplaceID: workplaceID, now: now, on: connection)
                check = try FixedShiftCheck.load(
                    rule, replacing: nil, workplaceID: workplaceID, actor: manager, now: now, lock: false, on: connection)
            case .change(let fixedShiftID, let proposal, _)?:
                let fixedShift = try FixedShiftRequestWriter.locked(fixedShiftID, workplaceID: workplaceID, on: connection)
                let rule = try ShiftService.editedFixedShift(fixedShift, UpdateFixedShiftRequest(proposal))
                check = try FixedShiftCheck.load(
                    rule, replacing: fixedShiftID.rawValue, workplaceID: workplaceID, actor: manager, now: now, lock: false, on: connection)
            case .end?, nil:
                check = nil
            }
            let verdict = check?.verdict ?? FixedShiftVerdict(
                occurrences: [], placeholders: [:], refusal: nil, refusalWithOverride: nil, acceptsOverride: true)
            return try FixedShiftPreviewView(
                verdict, action: .approve, fixedShiftID: current?.fixedShift?.rawValue ?? 0, workplaceID: workplaceID, on: connection)
        }
    }

    private func decide(
        _ decision: FixedShiftRequestDecider.Decision, id: Int64, caller: AuthenticatedUser, now: Date
    ) async throws -> FixedShiftRequestView {
        let actor = caller.workplaceActor
        // A decision refused before the request matters (a member deciding, a note too long) opens no transaction.
        try FixedShiftRequestDecider.check(decision, by: actor)
        let workplaceID = caller.workplaceID
        return try await pool.transaction { connection in
            let (current, facts) = try Self.load(id, for: decision, workplaceID: workplaceID, on: connection)
            let transition = try FixedShiftRequestDecider.apply(decision, to: current, by: actor, facts: facts)
            return try FixedShiftRequestWriter.write(transition, by: actor, workplaceID: workplaceID, now: now, on: connection)
        }
    }

    /// The request, locked, and for an approval what it needs to still apply: whether an add's
    /// member is still active, and the fixed shift a change or an end is about (locked).
    package static func load(
        _ id: Int64, for decision: FixedShiftRequestDecider.Decision, workplaceID: Int64, on connection: PostgresConnection
    ) throws -> (FixedShiftRequest?, FixedShiftRequestFacts) {
        guard let current = try FixedShiftRequestStore.lockForDecision(FixedShiftRequestID(rawValue: id), workplaceID: workplaceID, on: connection) else {
            return (nil, FixedShiftRequestFacts(memberIsActive: false))
        }
        guard case .approve = decision else { return (current, FixedShiftRequestFacts(memberIsActive: true)) }
        switch current.kind {
        case .add:
            let active = try ShiftStore.isMember(current.member.rawValue, workplaceID: workplaceID, activeOnly: true, on: connection)
            return (current, FixedShiftRequestFacts(memberIsActive: active))
        case .change, .end:
            let fixedShift = try current.fixedShift.flatMap { try FixedShiftRequestStore.fixedShift($0, workplaceID: workplaceID, lock: true, on: connection) }
            return (current, FixedShiftRequestFacts(memberIsActive: true, fixedShift: fixedShift))
        }
    }

    /// The request's event, to the member and every active manager of the workplace.
    package static func announce(
        _ type: EventType, _ view: FixedShiftRequestView, actorID: Int64, workplaceID: Int64, on connection: PostgresConnection
    ) throws {
        let managers = try TimeOffStore.managerIDs(workplaceID: workplaceID, on: connection)
        try EventWriter.insert(
            workplaceID: workplaceID, type: type, userIDs: Array(Set(managers + [view.userId])),
            payload: FixedShiftRequestEventPayload(fixedShiftRequest: view, actorId: actorID), on: connection)
    }
}
