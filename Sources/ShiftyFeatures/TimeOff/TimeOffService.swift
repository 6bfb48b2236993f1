import Foundation
import Logging
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres
import ShiftyServerCore

/// Time off: a member asks, a manager approves or declines (with a note the member sees), the
/// member may withdraw. Every change writes an event to the member and the workplace's managers
/// in the same transaction.
///
/// Approving releases the member's shifts inside the time off to the marketplace, in the same
/// transaction, through the marketplace's `unassign` (so `TransitionWriter` writes them, with
/// history and `shift.supplied`/`shift.unassigned` events): the member stays responsible for each
/// until a coworker's pick-up is approved, exactly like a manager's unassign (docs/time-off.md).
package struct TimeOffService: Sendable {
    let pool: PostgresPool

    package init(pool: PostgresPool) {
        self.pool = pool
    }

    package func list(_ caller: AuthenticatedUser, userID: Int64?, status: TimeOffStatus?) async throws -> [ShiftyAPI.TimeOffRequest] {
        // An employee sees only their own; a manager everyone's (or one member's).
        let member = caller.isManager ? userID : caller.id
        return try await pool.withConnection { connection in
            try TimeOffStore.list(workplaceID: caller.workplaceID, userID: member, status: status, on: connection)
        }
    }

    package func request(_ caller: AuthenticatedUser, _ body: ShiftyAPI.RequestTimeOffBody, now: Date = Date()) async throws -> ShiftyAPI.TimeOffRequest {
        let draft = TimeOffDraft(
            firstDate: body.firstDate, lastDate: body.lastDate, startTime: body.startTime, endTime: body.endTime, reason: body.reason)
        // The fields are refused before the database is asked for the workplace's zone.
        try TimeOffDecider.check(draft)
        return try await pool.transaction { connection in
            let (zone, _, _) = try MarketplaceStore.workplaceWithPositions(caller.workplaceID, on: connection)
            let transition = try TimeOffDecider.request(draft, by: Self.actor(caller), in: zone, now: now)
            return try TimeOffWriter.write(transition, workplaceID: caller.workplaceID, now: now, on: connection)
        }
    }

    package func approve(_ caller: AuthenticatedUser, id: Int64, note: String?, now: Date = Date()) async throws -> ShiftyAPI.TimeOffRequest {
        try await decide(.approve(note: note), id: id, caller: caller, now: now)
    }

    /// Approves on an open transaction as `manager` (the demo seeder), releasing the member's
    /// shifts inside the time off like the route does.
    package static func approve(
        _ id: Int64, by manager: MarketplaceCaller, note: String?, now: Date, on connection: PostgresConnection
    ) throws -> ShiftyAPI.TimeOffRequest {
        let actor = WorkplaceActor(userID: UserID(rawValue: manager.userID), isManager: manager.isManager)
        return try decide(.approve(note: note), id: id, by: actor, workplaceID: manager.workplaceID, now: now, on: connection)
    }

    package func decline(_ caller: AuthenticatedUser, id: Int64, note: String?, now: Date = Date()) async throws -> ShiftyAPI.TimeOffRequest {
        try await decide(.decline(note: note), id: id, caller: caller, now: now)
    }

    /// The member takes back a pending or approved request. Shifts an approval released stay on
    /// the marketplace (a coworker may already be picking one up); a manager assigns them back if wanted.
    package func withdraw(_ caller: AuthenticatedUser, id: Int64, now: Date = Date()) async throws -> ShiftyAPI.TimeOffRequest {
        try await decide(.withdraw, id: id, caller: caller, now: now)
    }

    private func decide(
        _ decision: TimeOffDecider.Decision, id: Int64, caller: AuthenticatedUser, now: Date
    ) async throws -> ShiftyAPI.TimeOffRequest {
        // A decision refused before the request matters (a member deciding, a note too long) opens no transaction.
        try TimeOffDecider.check(decision, by: Self.actor(caller))
        return try await pool.transaction { connection in
            try Self.decide(decision, id: id, by: Self.actor(caller), workplaceID: caller.workplaceID, now: now, on: connection)
        }
    }

    /// Loads and locks the request, asks the rules, writes what they decided.
    private static func decide(
        _ decision: TimeOffDecider.Decision, id: Int64, by actor: WorkplaceActor, workplaceID: Int64, now: Date,
        on connection: PostgresConnection
    ) throws -> ShiftyAPI.TimeOffRequest {
        let current = try TimeOffStore.lockForDecision(TimeOffID(rawValue: id), workplaceID: workplaceID, on: connection)
        let transition = try TimeOffDecider.apply(decision, to: current, by: actor, now: now)
        return try TimeOffWriter.write(transition, workplaceID: workplaceID, now: now, on: connection)
    }

    package static func actor(_ caller: AuthenticatedUser) -> WorkplaceActor {
        caller.workplaceActor
    }

    /// The request's event, to the member and every active manager of the workplace.
    package static func announce(_ type: EventType, _ view: ShiftyAPI.TimeOffRequest, workplaceID: Int64, on connection: PostgresConnection) throws {
        let managers = try TimeOffStore.managerIDs(workplaceID: workplaceID, on: connection)
        try EventWriter.insert(
            workplaceID: workplaceID, type: type, userIDs: Array(Set(managers + [view.userId])),
            payload: TimeOffEventPayload(timeOff: view), on: connection)
    }
}

/// What a time-off event carries: the request as the API shows it.
struct TimeOffEventPayload: Encodable {
    var timeOff: ShiftyAPI.TimeOffRequest
}
