import Foundation
import ShiftyDomain
import ShiftyPostgres

/// SQL for the schedule-change ledger (sql/0021_schedule_ledger.sql), scoped by workplace in every
/// statement. Entries are written in the transaction of the change that owes them.
enum ScheduleLedgerStore {
    /// Records `entries` in one statement; nothing is sent when there are none (a workplace without
    /// a rule, or a change outside the window), so the marketplace's hot path pays nothing for the ledger.
    static func record(
        _ entries: [LedgerEntry], actorID: Int64?, at now: Date, workplaceID: Int64, on connection: PostgresConnection
    ) throws {
        guard !entries.isEmpty else { return }
        var writer = JSONRecordWriter(capacity: 400 * entries.count)
        for entry in entries {
            writer.beginRecord()
            writer.field("user_id", entry.member.rawValue)
            writer.field("shift_id", entry.shiftID.rawValue)
            writer.field("shift_date", entry.date.description)
            writer.field("change", entry.kind.rawValue)
            writer.field("reason", entry.reason.rawValue)
            writer.field("exempt", entry.exempt)
            writer.field("before_starts_at", try entry.before?.start.postgresText())
            writer.field("before_ends_at", try entry.before?.end.postgresText())
            writer.field("after_starts_at", try entry.after?.start.postgresText())
            writer.field("after_ends_at", try entry.after?.end.postgresText())
            writer.field("notice_minutes", entry.noticeMinutes)
            writer.field("changed_minutes", entry.changedMinutes)
            writer.field("premium_minutes", entry.premiumMinutes)
            writer.field("premium_cents", entry.premiumCents)
            writer.field("rule", entry.rule)
            writer.endRecord()
        }
        try connection.execute(
            """
            INSERT INTO schedule_ledger (workplace_id, user_id, shift_id, shift_date, change, reason, exempt, actor_id,
                                         before_starts_at, before_ends_at, after_starts_at, after_ends_at, notice_minutes,
                                         changed_minutes, rule, premium_minutes, premium_cents, recorded_at)
            SELECT \(workplaceID), e.user_id, e.shift_id, e.shift_date, e.change, e.reason, e.exempt, \(actorID),
                   e.before_starts_at, e.before_ends_at, e.after_starts_at, e.after_ends_at, e.notice_minutes,
                   e.changed_minutes, e.rule, e.premium_minutes, e.premium_cents, \(now)
            FROM jsonb_to_recordset(\(bind: writer.json)::jsonb) AS e(user_id bigint, shift_id bigint, shift_date date, change text,
                 reason text, exempt boolean, before_starts_at timestamptz, before_ends_at timestamptz, after_starts_at timestamptz,
                 after_ends_at timestamptz, notice_minutes int, changed_minutes int, premium_minutes int, premium_cents int, rule text)
            """)
    }

    /// One stored entry with what the report shows beside the decision.
    struct Row: Sendable {
        var id: Int64
        var entry: LedgerEntry
        var actorID: Int64?
        var recordedAt: Date
        var waivedBy: Int64?
        var waivedAt: Date?
        var waiveReason: String?
    }

    /// The entries of shifts dated `from` through `to` (of one member when given), in date order.
    static func entries(
        workplaceID: Int64, from: LocalDate, to: LocalDate, member: Int64? = nil, on connection: PostgresConnection
    ) throws -> [Row] {
        try connection.query(
            """
            SELECT \(columns) FROM schedule_ledger
            WHERE workplace_id = \(workplaceID) AND shift_date BETWEEN \(from.description)::date AND \(to.description)::date
              AND (\(member)::bigint IS NULL OR user_id = \(member))
            ORDER BY shift_date, user_id, id
            """
        ).compactMap(row(_:))
    }

    /// Per member and shift date, what the entries that are owed (neither exempt nor waived) add up to.
    static func premiumDays(
        workplaceID: Int64, from: LocalDate, to: LocalDate, member: Int64?, on connection: PostgresConnection
    ) throws -> [Int64: [SchedulePremiumDay]] {
        let rows = try connection.query(
            """
            SELECT user_id, shift_date::text AS shift_date, sum(premium_minutes)::bigint AS minutes, sum(premium_cents)::bigint AS cents
            FROM schedule_ledger
            WHERE workplace_id = \(workplaceID) AND shift_date BETWEEN \(from.description)::date AND \(to.description)::date
              AND (\(member)::bigint IS NULL OR user_id = \(member)) AND NOT exempt AND waived_at IS NULL
              AND (premium_minutes > 0 OR premium_cents > 0)
            GROUP BY user_id, shift_date ORDER BY user_id, shift_date
            """)
        var days: [Int64: [SchedulePremiumDay]] = [:]
        for row in rows {
            guard let date = LocalDate(try row.decode("shift_date", as: String.self)) else { continue }
            days[try row.decode("user_id"), default: []].append(
                SchedulePremiumDay(date: date, minutes: Int(try row.decode("minutes", as: Int64.self)), cents: Int(try row.decode("cents", as: Int64.self))))
        }
        return days
    }

    /// Marks an entry waived (by a manager, with a reason) if it is not yet; the entry as it is
    /// now, or `nil` when the workplace has no such entry.
    static func waive(
        id: Int64, reason: String, by actorID: Int64, at now: Date, workplaceID: Int64, on connection: PostgresConnection
    ) throws -> (row: Row, waivedNow: Bool)? {
        if let updated = try connection.query(
            """
            UPDATE schedule_ledger SET waived_by = \(actorID), waived_at = \(now), waive_reason = \(reason)
            WHERE id = \(id) AND workplace_id = \(workplaceID) AND waived_at IS NULL
            RETURNING \(columns)
            """
        ).first, let row = try row(updated) {
            return (row, true)
        }
        guard let existing = try connection.query(
            "SELECT \(columns) FROM schedule_ledger WHERE id = \(id) AND workplace_id = \(workplaceID)").first,
            let row = try row(existing)
        else { return nil }
        return (row, false)
    }

    private static let columns: PostgresQuery = """
        id, user_id, shift_id, shift_date::text AS shift_date, change, reason, actor_id, before_starts_at, before_ends_at,
        after_starts_at, after_ends_at, notice_minutes, changed_minutes, rule, premium_minutes, premium_cents, recorded_at,
        waived_by, waived_at, waive_reason
        """

    /// A stored row as an entry; `nil` for a kind or reason this server does not know (a newer one wrote it).
    private static func row(_ row: PostgresRow) throws -> Row? {
        let shiftID = ShiftID(rawValue: try row.decode("shift_id"))
        func interval(_ start: String, _ end: String) throws -> ShiftInterval? {
            guard let from = try row.decode(start, as: Date?.self), let to = try row.decode(end, as: Date?.self) else { return nil }
            return ShiftInterval(shiftID: shiftID, start: from, end: to)
        }
        guard let date = LocalDate(try row.decode("shift_date", as: String.self)),
              let kind = LedgerEntry.Kind(rawValue: try row.decode("change")),
              let reason = LedgerReason(rawValue: try row.decode("reason"))
        else { return nil }
        let entry = LedgerEntry(
            member: UserID(rawValue: try row.decode("user_id")), shiftID: shiftID, date: date, kind: kind, reason: reason,
            before: try interval("before_starts_at", "before_ends_at"), after: try interval("after_starts_at", "after_ends_at"),
            noticeMinutes: Int(try row.decode("notice_minutes", as: Int32.self)),
            changedMinutes: Int(try row.decode("changed_minutes", as: Int32.self)),
            premiumMinutes: Int(try row.decode("premium_minutes", as: Int32.self)),
            premiumCents: Int(try row.decode("premium_cents", as: Int32.self)), rule: try row.decode("rule"))
        return Row(
            id: try row.decode("id"), entry: entry, actorID: try row.decode("actor_id"),
            recordedAt: try row.decode("recorded_at"), waivedBy: try row.decode("waived_by"), waivedAt: try row.decode("waived_at"),
            waiveReason: try row.decode("waive_reason"))
    }
}
