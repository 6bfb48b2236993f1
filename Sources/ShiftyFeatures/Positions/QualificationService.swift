import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// Managers keep the workplace's positions, members' qualifications and members' own hour
/// limits. Naming a position in a qualification starts tracking it: from then on a shift for it
/// goes only to qualified members (see `ScheduleRule.qualification`).
package struct QualificationService {
    let pool: PostgresPool

    package init(pool: PostgresPool) {
        self.pool = pool
    }

    package func list(_ caller: AuthenticatedUser) async throws -> PositionsView {
        try caller.requireManager()
        return try await pool.withConnection { connection in
            let positions = try connection.query(
                "SELECT name FROM workplace_positions WHERE workplace_id = \(caller.workplaceID) ORDER BY name").map { try $0.decode("name", as: String.self) }
            var members: [Int64: MemberQualificationsView] = [:]
            for row in try connection.query(
                "SELECT id FROM users WHERE workplace_id = \(caller.workplaceID) ORDER BY id") {
                let id: Int64 = try row.decode("id")
                members[id] = MemberQualificationsView(userId: id, positions: [], hourLimits: .init())
            }
            for row in try connection.query(
                "SELECT user_id, position FROM member_qualifications WHERE workplace_id = \(caller.workplaceID) ORDER BY position") {
                let id: Int64 = try row.decode("user_id")
                members[id]?.positions.append(try row.decode("position"))
            }
            for row in try connection.query(
                """
                SELECT l.user_id, l.max_weekly_hours, l.min_rest_hours, l.max_consecutive_days, l.max_shift_hours
                FROM member_hour_limits l JOIN users u ON u.id = l.user_id WHERE u.workplace_id = \(caller.workplaceID)
                """) {
                let id: Int64 = try row.decode("user_id")
                members[id]?.hourLimits = .init(try MarketplaceStore.memberHourLimits(from: row))
            }
            return PositionsView(positions: positions, members: members.keys.sorted().compactMap { members[$0] })
        }
    }

    package func setQualifications(_ caller: AuthenticatedUser, userID: Int64, positions: [String]) async throws -> [String] {
        try caller.requireManager()
        let sorted = try QualificationRules.checkedPositions(positions)
        try await pool.transaction { connection in
            guard try PunchStore.lockMember(id: userID, workplaceID: caller.workplaceID, on: connection) != nil else {
                throw QualificationRefusal.memberNotFound
            }
            try connection.execute(
                "INSERT INTO workplace_positions (workplace_id, name) SELECT \(caller.workplaceID), unnest(\(sorted)::text[]) ON CONFLICT DO NOTHING")
            try connection.execute("DELETE FROM member_qualifications WHERE user_id = \(userID)")
            try connection.execute(
                "INSERT INTO member_qualifications (workplace_id, user_id, position) SELECT \(caller.workplaceID), \(userID), unnest(\(sorted)::text[])")
        }
        return sorted
    }

    package func setHourLimits(_ caller: AuthenticatedUser, userID: Int64, limits: MemberHourLimits) async throws -> MemberHourLimits {
        try caller.requireManager()
        try QualificationRules.check(limits)
        try await pool.transaction { connection in
            guard try PunchStore.lockMember(id: userID, workplaceID: caller.workplaceID, on: connection) != nil else {
                throw QualificationRefusal.memberNotFound
            }
            if limits.isEmpty {
                try connection.execute("DELETE FROM member_hour_limits WHERE user_id = \(userID)")
            } else {
                try connection.execute(
                    """
                    INSERT INTO member_hour_limits (user_id, max_weekly_hours, min_rest_hours, max_consecutive_days, max_shift_hours)
                    VALUES (\(userID), \(limits.maxWeeklyHours), \(limits.minRestHours), \(limits.maxConsecutiveDays), \(limits.maxShiftHours))
                    ON CONFLICT (user_id) DO UPDATE SET max_weekly_hours = EXCLUDED.max_weekly_hours,
                        min_rest_hours = EXCLUDED.min_rest_hours, max_consecutive_days = EXCLUDED.max_consecutive_days,
                        max_shift_hours = EXCLUDED.max_shift_hours
                    """)
            }
        }
        return limits
    }
}
