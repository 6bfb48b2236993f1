import Foundation
import ShiftyDomain
import ShiftyPostgres

/// What the rules read about the people an action involves, in one round trip: the receivers'
/// rows locked, their own hour limits, qualifications and weekly availability, and who among
/// everyone involved is inactive.
struct MarketplaceMemberFacts: Sendable {
    var inactive: Set<UserID> = []
    var hourLimits: [UserID: MemberHourLimits] = [:]
    var qualifications: [UserID: Set<String>] = [:]
    var availability: [UserID: [WeeklyAvailability]] = [:]
}

extension MarketplaceStore {
    /// Locks the `receivers`' rows in id order, so that two deals giving shifts to the same member are
    /// decided one after the other (otherwise each could pass the overlap check without seeing the
    /// other), and reads the facts of ``MarketplaceMemberFacts`` for them, and the active flag of everyone in `members`
    /// (which should contain the receivers).
    ///
    /// The receivers' weekly availability rides along as a text array (`weekday from to kind` per
    /// entry, in the order of ``availability(of:on:)``): one statement fewer per action (issue 14).
    ///
    /// The lock is a materialized CTE that the query counts in full, so every receiver's row is
    /// locked whatever join the planner picks. A locked row's `active` is read from the lock (the row
    /// as the transaction that held it left it), as the separate queries after the lock did.
    ///
    /// `lock: false` reads the same facts without locking (schedule generation, which holds the
    /// workplaces' event locks and must not then wait for a member's row a marketplace action holds).
    static func lockedMemberFacts(
        receivers: Set<UserID>, members: Set<UserID>, workplaceID: Int64, lock: Bool = true, on connection: PostgresConnection
    ) throws -> MarketplaceMemberFacts {
        let everyone = members.union(receivers)
        guard !everyone.isEmpty else { return MarketplaceMemberFacts() }
        let rows = try connection.query(
            """
            WITH locked AS MATERIALIZED (
                SELECT id, active FROM users WHERE id = ANY(\(receivers.map(\.rawValue).sorted())) AND workplace_id = \(workplaceID) ORDER BY id\(sql: lock ? " FOR UPDATE" : "")
            ), lock_count AS MATERIALIZED (SELECT count(*) AS locked FROM locked)
            SELECT u.id, COALESCE(l.active, u.active) AS active, u.id = ANY(\(receivers.map(\.rawValue).sorted())) AS receiver, h.user_id IS NOT NULL AS has_limits,
                   h.max_weekly_hours, h.min_rest_hours, h.max_consecutive_days, h.max_shift_hours,
                   CASE WHEN u.id = ANY(\(receivers.map(\.rawValue).sorted()))
                        THEN ARRAY(SELECT q.position FROM member_qualifications q WHERE q.user_id = u.id)
                        ELSE '{}'::text[] END AS positions,
                   CASE WHEN u.id = ANY(\(receivers.map(\.rawValue).sorted()))
                        THEN ARRAY(SELECT a.weekday::text || ' ' || a.from_time::text || ' ' || a.to_time::text || ' ' || a.kind
                                   FROM member_availability a WHERE a.user_id = u.id ORDER BY a.weekday, a.from_time, a.id)
                        ELSE '{}'::text[] END AS availability
            FROM lock_count CROSS JOIN users u
            LEFT JOIN locked l ON l.id = u.id
            LEFT JOIN member_hour_limits h ON h.user_id = u.id AND u.id = ANY(\(receivers.map(\.rawValue).sorted()))
            WHERE u.id = ANY(\(everyone.map(\.rawValue).sorted()))
            """)
        var facts = MarketplaceMemberFacts()
        for row in rows {
            let id = UserID(rawValue: try row.decode("id"))
            if !(try row.decode("active", as: Bool.self)) { facts.inactive.insert(id) }
            guard try row.decode("receiver", as: Bool.self) else { continue }
            let positions: [String] = try row.decode("positions")
            if !positions.isEmpty { facts.qualifications[id] = Set(positions) }
            if try row.decode("has_limits", as: Bool.self) { facts.hourLimits[id] = try memberHourLimits(from: row) }
            let availability = try row.decode("availability", as: [String].self).map(weeklyAvailability(packed:))
            if !availability.isEmpty { facts.availability[id] = availability }
        }
        return facts
    }
}

extension MarketplaceStore {
    /// One entry of the facts query's `availability` array: `weekday from_time to_time kind`.
    /// An entry the rules cannot read fails the load, as in ``availability(of:on:)``: skipping it
    /// would let a shift through in time the member said they are unavailable.
    static func weeklyAvailability(packed: String) throws -> WeeklyAvailability {
        let parts = packed.split(separator: " ")
        guard parts.count == 4, let weekday = Int(parts[0]).flatMap(Weekday.init(rawValue:)),
              let kind = WeeklyAvailability.Kind(rawValue: String(parts[3])),
              let from = LocalTime(String(parts[1].prefix(5))), let to = LocalTime(String(parts[2].prefix(5)))
        else { throw PostgresError(kind: .decoding, message: "column availability: '\(packed)' is not a weekly availability") }
        return WeeklyAvailability(weekday: weekday, from: from, to: to, kind: kind)
    }
}
