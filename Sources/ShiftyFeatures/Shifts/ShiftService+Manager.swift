import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// Managers' direct schedule edits: one-off shifts, assignment, unassignment, deletion. Each is a
/// `MarketplaceAction` decided by `Marketplace.apply` and written by `TransitionWriter`.
extension ShiftService {
    /// A one-off shift (not generated from a rule), decided by `Marketplace.apply(.createShift)`:
    /// the owner must pass the rulebook unless the manager overrides the overridable rules.
    package func createShift(_ caller: AuthenticatedUser, _ body: CreateShiftRequest) async throws -> ShiftyAPI.MarketShift {
        try caller.requireManager()
        let planned = try Self.plannedShift(caller, body)
        let workplaceID = caller.workplaceID
        let override = body.ruleOverride
        let transition = try await executor.perform(MarketplaceCaller(caller)) { connection in
            try Self.requireMember(body.ownerId, workplaceID: workplaceID, on: connection)
            let id = try MarketplaceStore.reserveID(table: "shifts", on: connection)
            return .createShift(planned(ShiftID(rawValue: id)), override: override)
        }
        guard let id = transition.newShifts.first?.id.rawValue else { throw ShiftRefusal.shiftNotFound }
        return try await view(of: id, caller)
    }

    /// The validated one-off shift of a create request (`ShiftDraft`), waiting for its id: shared
    /// by the action and its preview so both decide on the same shift. The workplace's time zone
    /// was checked when it was stored; one that no longer reads is a server fault (500).
    package static func plannedShift(_ caller: AuthenticatedUser, _ body: CreateShiftRequest) throws -> @Sendable (ShiftID) -> NewShift {
        let draft = ShiftDraft(date: body.date, startTime: body.startTime, durationMinutes: body.durationMinutes, position: body.position)
        let shift = try draft.shift(id: ShiftID(rawValue: 0), owner: UserID(rawValue: body.ownerId), in: try caller.workplaceTimeZone())
        return { id in
            var planned = shift
            planned.id = id
            return planned
        }
    }

    /// Gives a plain scheduled future shift, or one on the marketplace (such as an unassigned
    /// shift), to a member, decided by `Marketplace.apply(.assign)`: the member must pass the
    /// rulebook unless the manager overrides the overridable rules (marks it touched; it leaves
    /// the marketplace).
    package func assign(_ caller: AuthenticatedUser, shiftID: Int64, _ body: AssignShiftRequest) async throws -> ShiftyAPI.MarketShift {
        try caller.requireManager()
        let workplaceID = caller.workplaceID
        let override = body.ruleOverride
        try await executor.perform(MarketplaceCaller(caller)) { connection in
            try Self.requireMember(body.ownerId, workplaceID: workplaceID, on: connection)
            return .assign(ShiftID(rawValue: shiftID), to: UserID(rawValue: body.ownerId), override: override)
        }
        return try await view(of: shiftID, caller)
    }

    /// The receiver must belong to the workplace (any other id is a bad request, not a rule); whether
    /// they are active is the domain's `counterparty_inactive`.
    package static func requireMember(_ userID: Int64, workplaceID: Int64, on connection: PostgresConnection) throws {
        guard try ShiftStore.isMember(userID, workplaceID: workplaceID, on: connection) else {
            throw ShiftRefusal.ownerNotMember
        }
    }

    package func view(of shiftID: Int64, _ caller: AuthenticatedUser) async throws -> ShiftyAPI.MarketShift {
        guard let view = try await pool.withConnection({
            try ShiftStore.shift(id: shiftID, workplaceID: caller.workplaceID, on: $0)
        }) else { throw ShiftRefusal.shiftNotFound }
        return view
    }

    /// Releases a member's future shift to the marketplace (manager): any other active member may
    /// pick it up; the owner covers it until a pick-up is approved. Marks it touched.
    package func unassign(_ caller: AuthenticatedUser, shiftID: Int64, note: String?) async throws -> ShiftyAPI.MarketShift {
        try await executor.perform(MarketplaceCaller(caller), .unassign(ShiftID(rawValue: shiftID), note: note))
        return try await view(of: shiftID, caller)
    }

    /// Removes a shift (manager): it stays as a cancelled tombstone, so generation never brings it back.
    package func deleteShift(_ caller: AuthenticatedUser, shiftID: Int64, note: String?) async throws {
        try await executor.perform(MarketplaceCaller(caller), .cancelShift(ShiftID(rawValue: shiftID), note: note))
    }
}
