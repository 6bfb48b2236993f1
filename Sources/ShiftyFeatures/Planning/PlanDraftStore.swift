import Foundation
import ShiftyDomain
import ShiftyPostgres

/// SQL for a manager's drafts (sql/0019_schedule_drafts.sql) and the plan's revision, scoped by
/// workplace, on the caller's connection and transaction.
enum PlanDraftStore {
    private static let columns = """
        d.id, d.shift_id, d.base_sequence, d.owner_id, d.local_date::text AS local_date, d.starts_at, d.ends_at, d.position,
        d.removed, d.released, d.override_reason
        """

    private static func draft(from row: PostgresRow) throws -> DraftedShift {
        guard let date = LocalDate(try row.decode("local_date", as: String.self)) else { throw PlanRefusal.draftNotFound }
        return DraftedShift(
            id: DraftID(rawValue: try row.decode("id")), shiftID: try row.decode("shift_id", as: Int64?.self).map(ShiftID.init(rawValue:)),
            baseSequence: try row.decode("base_sequence", as: Int32?.self).map(Int.init), owner: UserID(rawValue: try row.decode("owner_id")),
            date: date, start: try row.decode("starts_at"), end: try row.decode("ends_at"), position: try row.decode("position"),
            removed: try row.decode("removed"), released: try row.decode("released"), overrideReason: try row.decode("override_reason"))
    }

    /// The drafts planned on local dates `from` through `to` (a moved shift counts on its planned
    /// date), and those of the published shifts `shiftIDs` wherever they are planned now (a shift
    /// moved out of the range), ordered by start. `lock` takes them for a publication.
    static func drafts(
        workplaceID: Int64, from: LocalDate, to: LocalDate, orOf shiftIDs: [Int64] = [], lock: Bool = false, on connection: PostgresConnection
    ) throws -> [DraftedShift] {
        try connection.query(
            """
            SELECT \(sql: columns) FROM schedule_drafts d
            WHERE d.workplace_id = \(workplaceID)
              AND (d.local_date BETWEEN \(from.description)::date AND \(to.description)::date OR d.shift_id = ANY(\(shiftIDs)))
            ORDER BY d.starts_at, d.id\(sql: lock ? " FOR UPDATE" : "")
            """).map(draft(from:))
    }

    /// The drafts whose planned or published shift starts in `window` (what a rule check around a
    /// shift looks at).
    static func drafts(workplaceID: Int64, around window: Range<Date>, on connection: PostgresConnection) throws -> [DraftedShift] {
        try connection.query(
            """
            SELECT \(sql: columns) FROM schedule_drafts d LEFT JOIN shifts s ON s.id = d.shift_id
            WHERE d.workplace_id = \(workplaceID)
              AND ((d.starts_at >= \(window.lowerBound) AND d.starts_at < \(window.upperBound))
                   OR (s.starts_at >= \(window.lowerBound) AND s.starts_at < \(window.upperBound)))
            ORDER BY d.starts_at, d.id
            """).map(draft(from:))
    }

    static func draft(id: DraftID, workplaceID: Int64, on connection: PostgresConnection) throws -> DraftedShift? {
        try connection.query(
            "SELECT \(sql: columns) FROM schedule_drafts d WHERE d.id = \(id.rawValue) AND d.workplace_id = \(workplaceID) FOR UPDATE"
        ).first.map(draft(from:))
    }

    static func draft(shiftID: ShiftID, workplaceID: Int64, on connection: PostgresConnection) throws -> DraftedShift? {
        try connection.query(
            "SELECT \(sql: columns) FROM schedule_drafts d WHERE d.shift_id = \(shiftID.rawValue) AND d.workplace_id = \(workplaceID) FOR UPDATE"
        ).first.map(draft(from:))
    }

    /// The published shifts `ids` as the plan starts from them (with local date and sequence).
    static func published(_ ids: [ShiftID], workplaceID: Int64, lock: Bool = false, on connection: PostgresConnection) throws -> [ShiftID: PublishedShift] {
        guard !ids.isEmpty else { return [:] }
        return try connection.query(
            """
            SELECT \(sql: MarketplaceStore.shiftColumns), s.local_date::text AS local_date, s.sequence FROM shifts s
            WHERE s.id = ANY(\(ids.map(\.rawValue))) AND s.workplace_id = \(workplaceID) ORDER BY s.id\(sql: lock ? " FOR UPDATE" : "")
            """).reduce(into: [:]) { published, row in
            let shift = try MarketplaceStore.ownedShift(from: row)
            guard let date = LocalDate(try row.decode("local_date", as: String.self)) else { return }
            published[shift.id] = PublishedShift(shift: shift, date: date, sequence: Int(try row.decode("sequence", as: Int32.self)))
        }
    }

    /// Stores `draft` (a new one when `isNew`, else over its row) and answers its id.
    static func save(_ draft: DraftedShift, isNew: Bool, workplaceID: Int64, actorID: Int64, now: Date, on connection: PostgresConnection) throws -> DraftID {
        if isNew {
            let id: Int64 = try connection.query(
                """
                INSERT INTO schedule_drafts (workplace_id, shift_id, base_sequence, owner_id, local_date, starts_at, ends_at, position,
                                             removed, released, override_reason, created_by, updated_by, created_at, updated_at)
                VALUES (\(workplaceID), \(draft.shiftID?.rawValue), \(draft.baseSequence.map(Int32.init)), \(draft.owner.rawValue),
                        \(draft.date.description)::date, \(draft.start), \(draft.end), \(draft.position), \(draft.removed), \(draft.released),
                        \(draft.overrideReason), \(actorID), \(actorID), \(now), \(now))
                RETURNING id
                """)[0].decode("id")
            return DraftID(rawValue: id)
        }
        try connection.execute(
            """
            UPDATE schedule_drafts SET owner_id = \(draft.owner.rawValue), local_date = \(draft.date.description)::date,
                   starts_at = \(draft.start), ends_at = \(draft.end), position = \(draft.position), removed = \(draft.removed),
                   released = \(draft.released), base_sequence = \(draft.baseSequence.map(Int32.init)), override_reason = \(draft.overrideReason), updated_by = \(actorID), updated_at = \(now)
            WHERE id = \(draft.id.rawValue) AND workplace_id = \(workplaceID)
            """)
        return draft.id
    }

    static func delete(_ ids: [DraftID], workplaceID: Int64, on connection: PostgresConnection) throws -> Int {
        guard !ids.isEmpty else { return 0 }
        return try connection.execute(
            "DELETE FROM schedule_drafts WHERE id = ANY(\(ids.map(\.rawValue))) AND workplace_id = \(workplaceID)")
    }

    /// Moves the plan's revision on (every draft write, discard and publish) and answers it; takes
    /// the workplace's row, so two managers' plan changes run one after the other.
    static func bumpRevision(workplaceID: Int64, on connection: PostgresConnection) throws -> Int64 {
        try connection.query(
            "UPDATE workplaces SET plan_revision = plan_revision + 1 WHERE id = \(workplaceID) RETURNING plan_revision"
        )[0].decode("plan_revision")
    }

    /// The plan's revision and how many drafts the workplace has.
    static func revision(workplaceID: Int64, lock: Bool = false, on connection: PostgresConnection) throws -> (revision: Int64, drafts: Int) {
        let row = try connection.query(
            """
            SELECT w.plan_revision, (SELECT count(*) FROM schedule_drafts d WHERE d.workplace_id = w.id) AS drafts
            FROM workplaces w WHERE w.id = \(workplaceID)\(sql: lock ? " FOR UPDATE" : "")
            """)[0]
        return (try row.decode("plan_revision"), Int(try row.decode("drafts", as: Int64.self)))
    }
}
