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

    /// The shift's new times from the request: the fields left out keep their current values; the
    /// local date never changes (a shift moves to another day by deleting and creating it).
    package static func plannedEdit(_ caller: AuthenticatedUser, current: ShiftyAPI.MarketShift, _ body: EditShiftRequest) throws -> ShiftEdit {
        guard let date = LocalDate(current.date) else { throw Problem.notFound("shift") }
        guard let time = LocalTime(body.startTime ?? current.startTime) else { throw Problem.invalid("startTime", "must be HH:MM") }
        let minutes = body.durationMinutes ?? Int((current.endsAt.timeIntervalSince(current.startsAt) / 60).rounded())
        guard (1...FixedShift.maximumDurationMinutes).contains(minutes) else {
            throw Problem.invalid("durationMinutes", "must be between 1 and \(FixedShift.maximumDurationMinutes)")
        }
        var position = current.position
        if let given = body.position {
            let trimmed = given.trimmingCharacters(in: .whitespaces)
            guard trimmed.count <= FixedShift.maximumPositionLabelLength else {
                throw Problem.invalid("position", "must be at most \(FixedShift.maximumPositionLabelLength) characters")
            }
            try SingleLineText.check(trimmed, field: "position")
            position = trimmed.isEmpty ? nil : trimmed
        }
        guard let zone = try? WorkplaceTimeZone(identifier: caller.workplace.timeZone) else {
            throw Problem(.internalServerError, code: .internalError, detail: "The workplace time zone is unknown.")
        }
        let start = zone.instant(on: date, at: time)
        return ShiftEdit(
            id: ShiftID(rawValue: current.id), start: start, end: start.addingTimeInterval(TimeInterval(minutes * 60)),
            position: position)
    }
}

extension MarketplaceService {
    /// What `PATCH /shifts/{id}` with this body would answer: the rules the new times break for the
    /// shift's owner, nothing written.
    package func previewEdit(_ caller: AuthenticatedUser, shiftID: Int64, _ body: EditShiftRequest) async throws -> ShiftyAPI.ActionPreview {
        try caller.requireManager()
        let workplaceID = caller.workplaceID
        guard let current = try await pool.withConnection({ try ShiftStore.shift(id: shiftID, workplaceID: workplaceID, on: $0) }) else {
            throw Problem.notFound("shift")
        }
        let edit = try ShiftService.plannedEdit(caller, current: current, body)
        let (_, preview) = try await executor.preview(MarketplaceCaller(caller)) { _ in .editShift(edit, override: nil) }
        return try await view(of: preview, action: .edit, shiftID: shiftID, caller: caller)
    }
}
