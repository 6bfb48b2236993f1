import Foundation
import ShiftyDomain
import ShiftyPostgres

/// What the rules read about the people an action involves, in one round trip: the receivers'
/// rows locked, their own hour limits and qualifications, and who among everyone involved is inactive.
struct MarketplaceMemberFacts: Sendable {
    var inactive: Set<UserID> = []
    var hourLimits: [UserID: MemberHourLimits] = [:]
    var qualifications: [UserID: Set<String>] = [:]
}

extension MarketplaceStore {
    /// Locks the `receivers`' rows in id order, so that two deals giving shifts to the same member are
    /// decided one after the other (otherwise each could pass the overlap check without seeing the
    /// other), and reads the facts of ``MarketplaceMemberFacts`` for them, and the active flag of everyone in `members`
    /// (which should contain the receivers).
    ///
    /// The lock is a materialized CTE that the query counts in full, so every receiver's row is
    /// locked whatever join the planner picks. A locked row's `active` is read from the lock (the row
    /// as the transaction that held it left it), as the separate queries after the lock did.
    static func lockedMemberFacts(
        receivers: Set<UserID>, members: Set<UserID>, workplaceID: Int64, on connection: PostgresConnection
    ) throws -> MarketplaceMemberFacts {
        let everyone = members.union(receivers)
        guard !everyone.isEmpty else { return MarketplaceMemberFacts() }
        let rows = try connection.query(
            """
            WITH locked AS MATERIALIZED (
                SELECT id, active FROM users WHERE id = ANY($1) AND workplace_id = $2 ORDER BY id FOR UPDATE
            ), lock_count AS MATERIALIZED (SELECT count(*) AS locked FROM locked)
            SELECT u.id, COALESCE(l.active, u.active) AS active, u.id = ANY($1) AS receiver, h.user_id IS NOT NULL AS has_limits,
                   h.max_weekly_hours, h.min_rest_hours, h.max_consecutive_days, h.max_shift_hours,
                   CASE WHEN u.id = ANY($1)
                        THEN ARRAY(SELECT q.position FROM member_qualifications q WHERE q.user_id = u.id)
                        ELSE '{}'::text[] END AS positions
            FROM lock_count CROSS JOIN users u
            LEFT JOIN locked l ON l.id = u.id
            LEFT JOIN member_hour_limits h ON h.user_id = u.id AND u.id = ANY($1)
            WHERE u.id = ANY($3)
            """,
            [receivers.map(\.rawValue).sorted(), workplaceID, everyone.map(\.rawValue).sorted()])
        var facts = MarketplaceMemberFacts()
        for row in rows {
            let id = UserID(rawValue: try row.decode("id"))
            if !(try row.decode("active", as: Bool.self)) { facts.inactive.insert(id) }
            guard try row.decode("receiver", as: Bool.self) else { continue }
            let positions: [String] = try row.decode("positions")
            if !positions.isEmpty { facts.qualifications[id] = Set(positions) }
            if try row.decode("has_limits", as: Bool.self) { facts.hourLimits[id] = try memberHourLimits(from: row) }
        }
        return facts
    }
}
