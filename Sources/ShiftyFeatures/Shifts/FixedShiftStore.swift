import Foundation
import ShiftyAPI
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
            \(sql: select)
            WHERE f.workplace_id = \(workplaceID) AND (\(ownerID)::bigint IS NULL OR f.owner_id = \(ownerID)) AND f.ended_at IS NULL
            ORDER BY u.display_name, f.weekday, f.start_time, f.id
            """).map(view(from:))
    }

    static func find(id: Int64, workplaceID: Int64, forUpdate: Bool = false, on connection: PostgresConnection) throws -> FixedShiftView? {
        try connection.query(
            "\(sql: select) WHERE f.id = \(id) AND f.workplace_id = \(workplaceID)\(sql: forUpdate ? " FOR UPDATE OF f" : "")").first.map(view(from:))
    }

    /// Inserts the rule; `overridden` are the rules a manager set aside for it when saving (generation
    /// keeps creating its weeks despite them), `reason` why.
    static func insert(
        _ rule: FixedShift, workplaceID: Int64, overridden: [ScheduleRule] = [], reason: String? = nil, on connection: PostgresConnection
    ) throws -> Int64 {
        let reason = overridden.isEmpty ? nil : reason
        return try connection.query(
            """
            INSERT INTO fixed_shifts (workplace_id, owner_id, weekday, start_time, duration_minutes, position, valid_from, valid_until,
                                      overridden_rules, override_reason)
            VALUES (\(workplaceID), \(rule.owner.rawValue), \(Int64(rule.weekday.isoNumber)), \(bind: rule.startTime.description)::time,
                    \(Int64(rule.durationMinutes)), \(bind: rule.positionLabel), \(bind: rule.validFrom.description)::date,
                    \(bind: rule.validUntil?.description)::date, \(overridden.map(\.rawValue)), \(bind: reason))
            RETURNING id
            """
        )[0].decode("id")
    }

    /// Saves the rule's new values and replaces the rules set aside for it (none unless this save overrode some).
    static func update(
        _ rule: FixedShift, workplaceID: Int64, overridden: [ScheduleRule] = [], reason: String? = nil, on connection: PostgresConnection
    ) throws {
        let reason = overridden.isEmpty ? nil : reason
        try connection.execute(
            """
            UPDATE fixed_shifts SET weekday = \(Int64(rule.weekday.isoNumber)), start_time = \(bind: rule.startTime.description)::time,
                   duration_minutes = \(Int64(rule.durationMinutes)), position = \(bind: rule.positionLabel),
                   valid_from = \(bind: rule.validFrom.description)::date, valid_until = \(bind: rule.validUntil?.description)::date,
                   overridden_rules = \(overridden.map(\.rawValue)), override_reason = \(bind: reason), updated_at = now()
            WHERE id = \(rule.id.rawValue) AND workplace_id = \(workplaceID)
            """)
    }

    /// Forgets the weeks generation skipped for the rule (its save was checked itself, or it ended).
    static func forgetSkips(fixedShiftID: Int64, on connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM fixed_shift_skips WHERE fixed_shift_id = \(fixedShiftID)")
    }

    static func end(id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws {
        try connection.execute(
            "UPDATE fixed_shifts SET ended_at = now(), updated_at = now() WHERE id = \(id) AND workplace_id = \(workplaceID) AND ended_at IS NULL")
    }
}
