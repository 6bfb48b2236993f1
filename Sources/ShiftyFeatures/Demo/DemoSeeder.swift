import Foundation
import Logging
import ShiftyPostgres

/// Seeds the demo workplace that `make run` shows: a manager and seven employees.
///
/// Seeding is idempotent: rows are matched by the workplace slug and usernames, so starting
/// `shifty serve --demo` again changes nothing. Later features add their demo data here too.
public struct DemoSeeder: Sendable {
    public static let workplaceSlug = "demo"
    public static let password = "shifty-demo"

    public struct Member: Sendable {
        public var username: String
        public var displayName: String
        public var role: Role
        public var payType: PayType
    }

    public static let members: [Member] = [
        Member(username: "maria", displayName: "Maria de Vries", role: .manager, payType: .normal),
        Member(username: "anna", displayName: "Anna Jansen", role: .employee, payType: .normal),
        Member(username: "bram", displayName: "Bram Bakker", role: .employee, payType: .diligence),
        Member(username: "chloe", displayName: "Chloé Visser", role: .employee, payType: .normal),
        Member(username: "daan", displayName: "Daan Smit", role: .employee, payType: .normal),
        Member(username: "emma", displayName: "Emma Mulder", role: .employee, payType: .diligence),
        Member(username: "finn", displayName: "Finn de Boer", role: .employee, payType: .normal),
        Member(username: "sara", displayName: "Sara El Amrani", role: .employee, payType: .normal),
    ]

    let pool: PostgresPool
    let passwords: PasswordService

    public init(pool: PostgresPool, passwords: PasswordService) {
        self.pool = pool
        self.passwords = passwords
    }

    /// Creates whatever of the demo is missing; returns how many members were added.
    @discardableResult
    public func seed(logger: Logger) async throws -> Int {
        let existing = try await pool.query(
            "SELECT count(*)::bigint AS n FROM users u JOIN workplaces w ON w.id = u.workplace_id WHERE w.slug = \(Self.workplaceSlug)")[0].decode("n", as: Int64.self)
        guard existing < Self.members.count else {
            try await seedPunches(logger: logger)
            try await seedShifts(logger: logger)
            try await seedNowBoard(logger: logger)
            try await seedQualifications(logger: logger)
            try await seedTimeOff(logger: logger)
            try await seedCoverageNeeds(logger: logger)
            logger.info("demo workplace already seeded")
            return 0
        }
        // One hash for all demo members: they share the published demo password anyway.
        let hash = try await passwords.hashNewPassword(Self.password)
        let members = Self.members
        let added = try await pool.transaction { connection -> Int in
            try connection.execute(
                "INSERT INTO workplaces (slug, name, time_zone, settings) VALUES (\(Self.workplaceSlug), \("Café De Zon"), \("Europe/Amsterdam"), '{}'::jsonb) ON CONFLICT (slug) DO NOTHING")
            var added = 0
            for member in members {
                added += try connection.execute(
                    """
                    INSERT INTO users (workplace_id, username, display_name, role, pay_type, password_hash)
                    SELECT id, \(member.username), \(member.displayName), \(member.role.rawValue), \(member.payType.rawValue), \(hash) FROM workplaces WHERE slug = \(Self.workplaceSlug)
                    ON CONFLICT (workplace_id, username) DO NOTHING
                    """)
            }
            // Employed for a while already, so the seeded weeks of punches fall inside employment.
            try connection.execute(
                "UPDATE users SET employment_start = current_date - 120 FROM workplaces w WHERE w.id = users.workplace_id AND w.slug = \(Self.workplaceSlug)")
            return added
        }
        logger.info("demo workplace seeded", metadata: ["members_added": "\(added)"])
        try await seedPunches(logger: logger)
        try await seedShifts(logger: logger)
        try await seedNowBoard(logger: logger)
        try await seedQualifications(logger: logger)
        try await seedTimeOff(logger: logger)
        try await seedCoverageNeeds(logger: logger)
        return added
    }

    /// What `make run` prints so a newcomer can log in straight away.
    public static func loginInstructions(url: String) -> String {
        """

        Shifty demo is running at \(url)
          workplace: \(workplaceSlug)
          manager:   maria / \(password)
          employees: anna, bram, chloe, daan, emma, finn, sara (password \(password))

        """
    }
}
