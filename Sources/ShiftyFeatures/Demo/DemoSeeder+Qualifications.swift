import Foundation
import Logging
import ShiftyPostgres

/// Demo positions and hour limits (issue 16): everyone is qualified for the positions of their
/// fixed shifts, and bram (a cook) also for the bar, so anna, a bartender, is not qualified for
/// the kitchen (bram's kitchen shifts are marked on her marketplace) while bram can still take
/// anna's bar shifts (the browser test's trade); emma is a part-timer with a 20-hour weekly limit.
/// finn and sara have contract hours, so the plan's totals column shows "14 / 12 h" (over, in
/// red) and "15 / 16 h" next to everyone's plain hours.
extension DemoSeeder {
    static let demoPartTimer = (username: "emma", maxWeeklyHours: 20)
    static let demoContracts = [(username: "finn", minutesPerWeek: 12 * 60), (username: "sara", minutesPerWeek: 16 * 60)]
    static let demoExtraQualifications = ["bram": ["bar"]]

    /// Seeds the qualifications once (while the workplace tracks no positions, so a manager's
    /// later edits stay) and the part-timer's limit when she has none.
    func seedQualifications(logger: Logger) async throws {
        let qualifications = Dictionary(grouping: Self.demoFixedShifts, by: \.username).map { username, rules in
            (username, Set(rules.map(\.position) + (Self.demoExtraQualifications[username] ?? [])).sorted())
        }
        try await pool.transaction { connection in
            guard let row = try connection.query("SELECT id FROM workplaces WHERE slug = \(Self.workplaceSlug)").first else { return }
            let workplaceID: Int64 = try row.decode("id")
            let tracked = try connection.query(
                "SELECT count(*)::bigint AS n FROM workplace_positions WHERE workplace_id = \(workplaceID)")[0].decode("n", as: Int64.self)
            if tracked == 0 {
                let positions = Set(Self.demoFixedShifts.map(\.position)).sorted()
                try connection.execute(
                    "INSERT INTO workplace_positions (workplace_id, name) SELECT \(workplaceID), unnest(\(positions)::text[]) ON CONFLICT DO NOTHING")
                for (username, names) in qualifications.sorted(by: { $0.0 < $1.0 }) {
                    try connection.execute(
                        """
                        INSERT INTO member_qualifications (workplace_id, user_id, position)
                        SELECT \(workplaceID), u.id, unnest(\(names)::text[]) FROM users u WHERE u.workplace_id = \(workplaceID) AND u.username = \(username)
                        ON CONFLICT DO NOTHING
                        """)
                }
                logger.info("demo qualifications seeded", metadata: ["positions": "\(positions.count)"])
            }
            try connection.execute(
                """
                INSERT INTO member_hour_limits (user_id, max_weekly_hours)
                SELECT id, \(Self.demoPartTimer.maxWeeklyHours) FROM users WHERE workplace_id = \(workplaceID) AND username = \(Self.demoPartTimer.username)
                ON CONFLICT (user_id) DO NOTHING
                """)
            for contract in Self.demoContracts {
                try connection.execute(
                    """
                    UPDATE users SET contract_minutes_per_week = \(contract.minutesPerWeek)
                    WHERE workplace_id = \(workplaceID) AND username = \(contract.username) AND contract_minutes_per_week IS NULL
                    """)
            }
        }
    }
}
