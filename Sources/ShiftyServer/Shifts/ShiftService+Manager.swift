import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Managers' direct schedule edits: one-off shifts, assignment, deletion.
extension ShiftService {
    /// A one-off shift (not generated from a rule). The owner must not end up with overlapping shifts.
    func createShift(_ caller: AuthenticatedUser, _ body: CreateShiftRequest) async throws -> ShiftView {
        try caller.requireManager()
        guard let date = LocalDate(body.date) else { throw Problem.invalid("date", "must be a date (YYYY-MM-DD)") }
        guard let time = LocalTime(body.startTime) else { throw Problem.invalid("startTime", "must be HH:MM") }
        guard (1...FixedShift.maximumDurationMinutes).contains(body.durationMinutes) else {
            throw Problem.invalid("durationMinutes", "must be between 1 and \(FixedShift.maximumDurationMinutes)")
        }
        if let position = body.position, position.count > FixedShift.maximumPositionLabelLength {
            throw Problem.invalid("position", "must be at most \(FixedShift.maximumPositionLabelLength) characters")
        }
        guard let zone = try? WorkplaceTimeZone(identifier: caller.workplace.timeZone) else {
            throw Problem(.internalServerError, code: .internalError, detail: "The workplace time zone is unknown.")
        }
        let start = zone.instant(on: date, at: time)
        let end = start.addingTimeInterval(TimeInterval(body.durationMinutes * 60))
        let workplaceID = caller.workplaceID
        let position = body.position.flatMap { $0.isEmpty ? nil : $0 }
        return try await pool.transaction { connection in
            guard try ShiftStore.isMember(body.ownerId, workplaceID: workplaceID, activeOnly: true, on: connection) else {
                throw Problem.invalid("ownerId", "is not an active member of this workplace")
            }
            try MarketplaceStore.lockMembers([UserID(rawValue: body.ownerId)], workplaceID: workplaceID, on: connection)
            let clash = try connection.query(
                "SELECT id FROM shifts WHERE owner_id = $1 AND status <> 'cancelled' AND starts_at < $3 AND ends_at > $2 LIMIT 1",
                [body.ownerId, start, end])
            if let row = clash.first {
                let other: Int64 = try row.decode("id")
                throw Problem(.conflict, code: .overlappingShift, detail: "The member already works shift \(other) at that time.")
            }
            let id: Int64 = try connection.query(
                """
                INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, position, touched)
                VALUES ($1, $2, $3::date, $4, $5, $6, true) RETURNING id
                """,
                [workplaceID, body.ownerId, date.description, start, end, position])[0].decode("id")
            try ShiftStore.recordHistory(
                workplaceID: workplaceID, subject: "shift", subjectID: id, actorID: caller.id, at: Date(), action: "create",
                from: nil, to: "scheduled", note: nil, on: connection)
            struct Payload: Encodable { var shiftIds: [Int64] }
            try EventWriter.insert(
                workplaceID: workplaceID, type: .shiftCreated, userIDs: [body.ownerId],
                payload: Payload(shiftIds: [id]), on: connection)
            guard let view = try ShiftStore.shift(id: id, workplaceID: workplaceID, on: connection) else { throw Problem.notFound("shift") }
            return view
        }
    }

    /// Gives a plain scheduled future shift, or one on the marketplace (such as an unassigned
    /// shift), to a member (the manager decides; marks it touched; it leaves the marketplace).
    func assign(_ caller: AuthenticatedUser, shiftID: Int64, to ownerID: Int64) async throws -> ShiftView {
        try caller.requireManager()
        let workplaceID = caller.workplaceID
        return try await pool.transaction { connection in
            guard try ShiftStore.isMember(ownerID, workplaceID: workplaceID, activeOnly: true, on: connection) else {
                throw Problem.invalid("ownerId", "is not an active member of this workplace")
            }
            guard let shift = try MarketplaceStore.lockShifts([ShiftID(rawValue: shiftID)], workplaceID: workplaceID, on: connection).first else {
                throw Problem.notFound("shift")
            }
            guard shift.status == .scheduled || shift.status == .supplied, shift.start > Date() else {
                throw Problem(.conflict, code: .shiftNotScheduled, detail: "Only plain or offered future shifts can be reassigned (this one is \(shift.status.rawValue)).")
            }
            try connection.execute(
                "UPDATE shifts SET owner_id = $2, status = 'scheduled', touched = true, unassigned = false, updated_at = now() WHERE id = $1 AND status = $3",
                [shiftID, ownerID, shift.status.rawValue])
            try ShiftStore.recordHistory(
                workplaceID: workplaceID, subject: "shift", subjectID: shiftID, actorID: caller.id, at: Date(), action: "assign",
                from: shift.status.rawValue, to: "scheduled", note: "owner \(shift.owner) → \(ownerID)", on: connection)
            struct Payload: Encodable { var shiftIds: [Int64] }
            if shift.status == .supplied {
                try EventWriter.insert(
                    MarketplaceEvent(kind: .shiftRevoked, audience: .workplace, shiftIDs: [shift.id]),
                    workplaceID: workplaceID, actorID: caller.id, on: connection)
            }
            try EventWriter.insert(
                workplaceID: workplaceID, type: .shiftAssigned, userIDs: [shift.owner.rawValue, ownerID],
                payload: Payload(shiftIds: [shiftID]), on: connection)
            guard let view = try ShiftStore.shift(id: shiftID, workplaceID: workplaceID, on: connection) else { throw Problem.notFound("shift") }
            return view
        }
    }

    /// Releases a member's future shift to the marketplace (manager): any other active member may
    /// pick it up; the owner covers it until a pick-up is approved. Marks it touched.
    func unassign(_ caller: AuthenticatedUser, shiftID: Int64, note: String?) async throws -> ShiftView {
        try await executor.perform(MarketplaceCaller(caller), .unassign(ShiftID(rawValue: shiftID), note: note))
        guard let view = try await pool.withConnection({
            try ShiftStore.shift(id: shiftID, workplaceID: caller.workplaceID, on: $0)
        }) else { throw Problem.notFound("shift") }
        return view
    }

    /// Removes a shift (manager): it stays as a cancelled tombstone, so generation never brings it back.
    func deleteShift(_ caller: AuthenticatedUser, shiftID: Int64, note: String?) async throws {
        try await executor.perform(MarketplaceCaller(caller), .cancelShift(ShiftID(rawValue: shiftID), note: note))
    }
}
