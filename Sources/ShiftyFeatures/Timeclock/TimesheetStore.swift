import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// SQL for timesheet approvals (sql/0008_timesheets.sql). Every function is scoped by workplace.
enum TimesheetStore {
    static let select = """
        SELECT a.id, a.user_id, m.display_name, to_char(a.first_date, 'YYYY-MM-DD') AS first_date,
               to_char(a.last_date, 'YYYY-MM-DD') AS last_date, a.approved_by, ab.display_name AS approved_by_name,
               a.approved_at, a.unlocked_at IS NULL AS locked, a.unlocked_by, ub.display_name AS unlocked_by_name,
               a.unlocked_at, a.unlock_reason
        FROM timesheet_approvals a
        JOIN users m ON m.id = a.user_id
        JOIN users ab ON ab.id = a.approved_by
        LEFT JOIN users ub ON ub.id = a.unlocked_by
        """

    static func view(from row: PostgresRow) throws -> ApprovalView {
        ApprovalView(
            id: try row.decode("id"), userID: try row.decode("user_id"), displayName: try row.decode("display_name"),
            from: (LocalDate(try row.decode("first_date", as: String.self)) ?? LocalDate(daysSinceEpoch: 0)).description,
            to: (LocalDate(try row.decode("last_date", as: String.self)) ?? LocalDate(daysSinceEpoch: 0)).description,
            approvedBy: try row.decode("approved_by"), approvedByName: try row.decode("approved_by_name"),
            approvedAt: try row.decode("approved_at"), locked: try row.decode("locked"),
            unlockedBy: try row.decode("unlocked_by"), unlockedByName: try row.decode("unlocked_by_name"),
            unlockedAt: try row.decode("unlocked_at"), unlockReason: try row.decode("unlock_reason"))
    }

    /// Approvals touching `[first, last]` (all when both are nil), newest first.
    static func list(workplaceID: Int64, userID: Int64?, first: LocalDate?, last: LocalDate?, on connection: PostgresConnection) throws -> [ApprovalView] {
        try connection.query(
            """
            \(sql: select)
            WHERE a.workplace_id = \(workplaceID) AND (\(userID)::bigint IS NULL OR a.user_id = \(userID))
              AND (\(first?.description)::date IS NULL OR a.last_date >= \(first?.description)::date) AND (\(last?.description)::date IS NULL OR a.first_date <= \(last?.description)::date)
            ORDER BY a.id DESC LIMIT 1000
            """).map { try view(from: $0) }
    }

    /// A locked approval of the period for each member (the decider left out those already covered).
    static func approve(workplaceID: Int64, userIDs: [Int64], first: LocalDate, last: LocalDate, actorID: Int64, on connection: PostgresConnection) throws -> [ApprovalView] {
        let ids = try connection.query(
            """
            INSERT INTO timesheet_approvals (workplace_id, user_id, first_date, last_date, approved_by)
            SELECT \(workplaceID), u, \(first.description)::date, \(last.description)::date, \(actorID) FROM unnest(\(userIDs)::bigint[]) AS u
            RETURNING id
            """).map { try $0.decode("id", as: Int64.self) }
        return try connection.query("\(sql: select) WHERE a.id = ANY(\(ids)) ORDER BY lower(m.display_name), a.id").map { try view(from: $0) }
    }

    /// Unlocks the approval (locked by ``lock(_:workplaceID:on:)`` in this transaction).
    static func unlock(id: Int64, actorID: Int64, reason: String, on connection: PostgresConnection) throws -> ApprovalView {
        try connection.execute(
            "UPDATE timesheet_approvals SET unlocked_by = \(actorID), unlocked_at = now(), unlock_reason = \(reason) WHERE id = \(id)")
        guard let view = try connection.query("\(sql: select) WHERE a.id = \(id)").first.map({ try view(from: $0) }) else {
            throw PostgresError(kind: .decoding, message: "timesheet approval \(id) vanished while it was unlocked")
        }
        return view
    }

    /// One approval of the workplace as the rules see it, locked for the rest of the transaction;
    /// `nil` when there is none.
    static func lock(_ id: TimesheetApprovalID, workplaceID: Int64, on connection: PostgresConnection) throws -> TimesheetApproval? {
        try connection.query(
            """
            SELECT id, user_id, to_char(first_date, 'YYYY-MM-DD') AS first_date, to_char(last_date, 'YYYY-MM-DD') AS last_date,
                   unlocked_at IS NULL AS locked
            FROM timesheet_approvals WHERE id = \(id.rawValue) AND workplace_id = \(workplaceID) FOR UPDATE
            """).first.map(approval(from:))
    }

    /// The members' locked approvals touching `[first, last]`, as the rules see them.
    static func lockedApprovals(
        workplaceID: Int64, userIDs: [Int64], first: LocalDate, last: LocalDate, on connection: PostgresConnection
    ) throws -> [TimesheetApproval] {
        try connection.query(
            """
            SELECT id, user_id, to_char(first_date, 'YYYY-MM-DD') AS first_date, to_char(last_date, 'YYYY-MM-DD') AS last_date,
                   true AS locked
            FROM timesheet_approvals
            WHERE workplace_id = \(workplaceID) AND user_id = ANY(\(userIDs)) AND unlocked_at IS NULL AND last_date >= \(first.description)::date AND first_date <= \(last.description)::date
            ORDER BY id
            """).map(approval(from:))
    }

    private static func approval(from row: PostgresRow) throws -> TimesheetApproval {
        let id: Int64 = try row.decode("id")
        guard let first = LocalDate(try row.decode("first_date", as: String.self)), let last = LocalDate(try row.decode("last_date", as: String.self)) else {
            throw PostgresError(kind: .decoding, message: "timesheet approval \(id) has unreadable dates")
        }
        return TimesheetApproval(
            id: TimesheetApprovalID(rawValue: id), member: UserID(rawValue: try row.decode("user_id")), first: first, last: last,
            isLocked: try row.decode("locked"))
    }

    /// Approved (locked) dates in `[first, last]` per member.
    static func approvedDates(workplaceID: Int64, userIDs: [Int64]?, first: LocalDate, last: LocalDate, on connection: PostgresConnection) throws -> [Int64: Set<LocalDate>] {
        let rows = try connection.query(
            """
            SELECT DISTINCT a.user_id, to_char(d, 'YYYY-MM-DD') AS day
            FROM timesheet_approvals a,
                 generate_series(greatest(a.first_date, \(first.description)::date), least(a.last_date, \(last.description)::date), interval '1 day') AS d
            WHERE a.workplace_id = \(workplaceID) AND a.unlocked_at IS NULL AND (\(userIDs)::bigint[] IS NULL OR a.user_id = ANY(\(userIDs)))
              AND a.last_date >= \(first.description)::date AND a.first_date <= \(last.description)::date
            """)
        var result: [Int64: Set<LocalDate>] = [:]
        for row in rows {
            if let date = LocalDate(try row.decode("day", as: String.self)) { result[try row.decode("user_id"), default: []].insert(date) }
        }
        return result
    }
}
