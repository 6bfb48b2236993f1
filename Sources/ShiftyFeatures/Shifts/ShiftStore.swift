import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// SQL reading shifts, always scoped by workplace.
enum ShiftStore {
    /// Columns for `ShiftyAPI.MarketShift.init(row:)`; local times are rendered by PostgreSQL in the workplace zone.
    static let select = """
        SELECT s.id, s.owner_id, u.display_name AS owner_name, s.local_date::text AS local_date,
               to_char(s.starts_at AT TIME ZONE w.time_zone, 'HH24:MI') AS local_start,
               to_char(s.ends_at AT TIME ZONE w.time_zone, 'HH24:MI') AS local_end,
               s.starts_at, s.ends_at, s.position, s.status, s.deal_id, s.request_id, s.fixed_shift_id, s.unassigned
        FROM shifts s JOIN users u ON u.id = s.owner_id JOIN workplaces w ON w.id = s.workplace_id
        """

    static func shift(id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> ShiftyAPI.MarketShift? {
        try connection.query("\(sql: select) WHERE s.id = \(id) AND s.workplace_id = \(workplaceID)").first.map(ShiftyAPI.MarketShift.init(row:))
    }

    /// The shifts `ids` of the workplace (cancelled ones too) by id; no query for no ids.
    static func shifts(ids: [Int64], workplaceID: Int64, on connection: PostgresConnection) throws -> [Int64: ShiftyAPI.MarketShift] {
        guard !ids.isEmpty else { return [:] }
        let rows = try connection.query("\(sql: select) WHERE s.id = ANY(\(ids)) AND s.workplace_id = \(workplaceID)")
        return Dictionary(try rows.map(ShiftyAPI.MarketShift.init(row:)).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A member's non-cancelled shifts on local dates `[from, until)`.
    static func schedule(ownerID: Int64, workplaceID: Int64, from: LocalDate, until: LocalDate, on connection: PostgresConnection) throws -> [ShiftyAPI.MarketShift] {
        try connection.query(
            """
            \(sql: select)
            WHERE s.workplace_id = \(workplaceID) AND s.owner_id = \(ownerID) AND s.status <> 'cancelled'
              AND s.local_date >= \(from.description)::date AND s.local_date < \(until.description)::date
            ORDER BY s.starts_at, s.id
            """).map(ShiftyAPI.MarketShift.init(row:))
    }

    /// The workplace's "today" for `instant`.
    static func today(workplaceID: Int64, asOf instant: Date, on connection: PostgresConnection) throws -> LocalDate {
        let rows = try connection.query(
            "SELECT ((\(instant)::timestamptz) AT TIME ZONE time_zone)::date::text AS today FROM workplaces WHERE id = \(workplaceID)")
        guard let row = rows.first else { throw StoreError.workplaceNotFound(workplaceID: workplaceID) }
        return try row.localDate("today")
    }

    /// Whether `userID` is a member of the workplace (active or not).
    static func isMember(_ userID: Int64, workplaceID: Int64, activeOnly: Bool = false, on connection: PostgresConnection) throws -> Bool {
        try !connection.query(
            "SELECT 1 FROM users WHERE id = \(userID) AND workplace_id = \(workplaceID) AND (active OR NOT \(activeOnly)::boolean)").isEmpty
    }

    /// A shift's history, including the history of every deal it took part in.
    static func history(shiftID: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> [HistoryEntryView] {
        try connection.query(
            """
            SELECT h.id, h.subject_type, h.subject_id, h.actor_id, u.display_name AS actor_name, h.at, h.action,
                   h.from_state, h.to_state, h.note
            FROM shift_history h LEFT JOIN users u ON u.id = h.actor_id
            WHERE h.workplace_id = \(workplaceID)
              AND ((h.subject_type = 'shift' AND h.subject_id = \(shiftID))
                OR (h.subject_type = 'deal' AND h.subject_id IN (SELECT deal_id FROM deal_legs WHERE shift_id = \(shiftID))))
            ORDER BY h.id
            """).map { row in
            HistoryEntryView(
                id: try row.decode("id"), subject: try Self.historySubject(try row.decode("subject_type")), subjectId: try row.decode("subject_id"),
                actorId: try row.decode("actor_id"), actorName: try row.decode("actor_name"), at: try row.decode("at"),
                action: try row.decode("action"), from: try row.decode("from_state"), to: try row.decode("to_state"),
                note: try row.decode("note"))
        }
    }

    /// A history row's subject; a word the table's CHECK does not allow is a decoding error, not a guess.
    static func historySubject(_ text: String) throws -> HistoryEntryView.Subject {
        let subject = HistoryEntryView.Subject(rawValue: text)
        guard subject.isKnown else { throw PostgresError(kind: .decoding, message: "shift history has an unknown subject \(text)") }
        return subject
    }

    /// Appends one history row.
    static func recordHistory(
        workplaceID: Int64, subject: String, subjectID: Int64, actorID: Int64?, at: Date, action: String,
        from: String?, to: String, note: String?, on connection: PostgresConnection
    ) throws {
        try connection.execute(
            """
            INSERT INTO shift_history (workplace_id, subject_type, subject_id, actor_id, at, action, from_state, to_state, note)
            VALUES (\(workplaceID), \(subject), \(subjectID), \(actorID), \(at), \(action), \(from), \(to), \(note))
            """)
    }
}
