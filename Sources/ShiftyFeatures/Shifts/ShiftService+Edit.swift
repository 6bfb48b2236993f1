import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// A manager's change of a shift's start, length or position (`PATCH /shifts/{id}`), decided by
/// `Marketplace.apply(.editShift)` and written by `TransitionWriter`; its preview
/// (`POST /shifts/{id}/edit/preview`) takes the same body.
extension ShiftService {
    package func editShift(_ caller: AuthenticatedUser, shiftID: Int64, _ body: EditShiftRequest) async throws -> ShiftyAPI.MarketShift {
        try caller.requireManager()
        let edit = try Self.plannedEdit(caller, current: try await shift(caller, id: shiftID), body)
        try await executor.perform(MarketplaceCaller(caller), .editShift(edit, override: body.ruleOverride))
        return try await view(of: shiftID, caller)
    }

    /// The shift's new times from the request (`ShiftDraft.edit`): the fields left out keep their
    /// current values; the local date never changes (a shift moves to another day by deleting and
    /// creating it).
    package static func plannedEdit(_ caller: AuthenticatedUser, current: ShiftyAPI.MarketShift, _ body: EditShiftRequest) throws -> ShiftEdit {
        guard let date = LocalDate(current.date) else { throw ShiftRefusal.shiftNotFound }
        let minutes = body.durationMinutes ?? Int((current.endsAt.timeIntervalSince(current.startsAt) / 60).rounded())
        return try ShiftDraft.edit(
            ShiftID(rawValue: current.id), on: date, startTime: body.startTime ?? current.startTime, durationMinutes: minutes,
            position: body.position, current: current.position, in: try caller.workplaceTimeZone())
    }
}

extension MarketplaceService {
    /// What `PATCH /shifts/{id}` with this body would answer: the rules the new times break for the
    /// shift's owner, nothing written.
    package func previewEdit(_ caller: AuthenticatedUser, shiftID: Int64, _ body: EditShiftRequest) async throws -> ShiftyAPI.ActionPreview {
        try caller.requireManager()
        let workplaceID = caller.workplaceID
        guard let current = try await pool.withConnection({ try ShiftStore.shift(id: shiftID, workplaceID: workplaceID, on: $0) }) else {
            throw ShiftRefusal.shiftNotFound
        }
        let edit = try ShiftService.plannedEdit(caller, current: current, body)
        let (_, preview) = try await executor.preview(MarketplaceCaller(caller)) { _ in .editShift(edit, override: nil) }
        return try await view(of: preview, action: .edit, shiftID: shiftID, caller: caller)
    }
}
