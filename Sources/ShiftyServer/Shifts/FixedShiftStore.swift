import Foundation
import ShiftyDomain
import ShiftyPostgres

/// SQL for weekly fixed shifts, scoped by workplace.
enum FixedShiftStore {
    static let select = """
        SELECT f.id, f.owner_id, u.display_name AS owner_name, f.weekday, to_char(f.start_time, 'HH24:MI') AS start_time,
               f.duration_minutes, f.position, f.valid_from::text AS valid_from, f.valid_until::text AS valid_until,
               f.ended_at IS NULL AS active
        FROM fixed_shifts f JOIN users u ON u.id = f.owner_id
        """

    static func view(from row: PostgresRow) throws -> FixedShiftView {
        FixedShiftView(
            id: try row.decode("id"), ownerId: try row.decode("owner_id"), ownerName: try row.decode("owner_name"),
            weekday: Int(try row.decode("weekday", as: Int32.self)), startTime: try row.decode("start_time"),
            durationMinutes: Int(try row.decode("duration_minutes", as: Int32.self)), position: try row.decode("position"),
            validFrom: try row.decode("valid_from"), validUntil: try row.decode("valid_until"), active: try row.decode("active"))
    }

    /// The rule as the domain sees it (for validation and reference occurrences).
    static func rule(from view: FixedShiftView) throws -> FixedShift {
        guard let weekday = Weekday(rawValue: view.weekday), let start = LocalTime(view.startTime),
              let from = LocalDate(view.validFrom)
        else { throw PostgresError(kind: .decoding, message: "fixed shift \(view.id) has an unreadable row") }
        return try FixedShift(
            id: FixedShiftID(rawValue: view.id), owner: UserID(rawValue: view.ownerId), weekday: weekday, startTime: start,
            durationMinutes: view.durationMinutes, positionLabel: view.position, validFrom: from,
            validUntil: view.validUntil.flatMap(LocalDate.init))
    }

    static func list(workplaceID: Int64, ownerID: Int64?, on connection: PostgresConnection) throws -> [FixedShiftView] {
        try connection.query(
            """
            \(select)
            WHERE f.workplace_id = $1 AND ($2::bigint IS NULL OR f.owner_id = $2) AND f.ended_at IS NULL
            ORDER BY u.display_name, f.weekday, f.start_time, f.id
            """,
            [workplaceID, ownerID]
        ).map(view(from:))
    }

    static func find(id: Int64, workplaceID: Int64, forUpdate: Bool = false, on connection: PostgresConnection) throws -> FixedShiftView? {
        try connection.query(
            "\(select) WHERE f.id = $1 AND f.workplace_id = $2\(forUpdate ? " FOR UPDATE OF f" : "")", [id, workplaceID]
        ).first.map(view(from:))
    }

    /// Inserts the rule; `overridden` are the rules a manager set aside for it when saving (generation
    /// keeps creating its weeks despite them), `reason` why.
    static func insert(
        _ rule: FixedShift, workplaceID: Int64, overridden: [ScheduleRule] = [], reason: String? = nil, on connection: PostgresConnection
    ) throws -> Int64 {
        try connection.query(
            """
            INSERT INTO fixed_shifts (workplace_id, owner_id, weekday, start_time, duration_minutes, position, valid_from, valid_until,
                                      overridden_rules, override_reason)
            VALUES ($1, $2, $3, $4::time, $5, $6, $7::date, $8::date, $9, $10) RETURNING id
            """,
            [workplaceID, rule.owner.rawValue, Int64(rule.weekday.isoNumber), rule.startTime.description,
             Int64(rule.durationMinutes), rule.positionLabel, rule.validFrom.description, rule.validUntil?.description,
             overridden.map(\.rawValue), overridden.isEmpty ? nil : reason]
        )[0].decode("id")
    }

    /// Saves the rule's new values and replaces the rules set aside for it (none unless this save overrode some).
    static func update(
        _ rule: FixedShift, workplaceID: Int64, overridden: [ScheduleRule] = [], reason: String? = nil, on connection: PostgresConnection
    ) throws {
        try connection.execute(
            """
            UPDATE fixed_shifts SET weekday = $3, start_time = $4::time, duration_minutes = $5, position = $6,
                   valid_from = $7::date, valid_until = $8::date, overridden_rules = $9, override_reason = $10, updated_at = now()
            WHERE id = $1 AND workplace_id = $2
            """,
            [rule.id.rawValue, workplaceID, Int64(rule.weekday.isoNumber), rule.startTime.description,
             Int64(rule.durationMinutes), rule.positionLabel, rule.validFrom.description, rule.validUntil?.description,
             overridden.map(\.rawValue), overridden.isEmpty ? nil : reason])
    }

    /// Forgets the weeks generation skipped for the rule (its save was checked itself, or it ended).
    static func forgetSkips(fixedShiftID: Int64, on connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM fixed_shift_skips WHERE fixed_shift_id = $1", [fixedShiftID])
    }

    static func end(id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws {
        try connection.execute(
            "UPDATE fixed_shifts SET ended_at = now(), updated_at = now() WHERE id = $1 AND workplace_id = $2 AND ended_at IS NULL",
            [id, workplaceID])
    }
}
