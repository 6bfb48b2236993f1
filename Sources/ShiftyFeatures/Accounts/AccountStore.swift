import Foundation
import ShiftyLocalization
import ShiftyPostgres
import ShiftyServerCore

/// SQL for workplaces, users, sessions and invites.
///
/// Every function runs inside a pool closure on the pool's own thread and takes the caller's
/// workplace id wherever a row belongs to a workplace, so no query can cross workplaces.
enum AccountStore {
    static let userColumns = "u.id, u.workplace_id, u.username, u.display_name, u.email, u.role, u.pay_type, u.active"
    static let workplaceColumns = "w.id, w.slug, w.name, w.time_zone, w.settings::text AS settings"

    static func user(from row: PostgresRow) throws -> UserView {
        UserView(
            id: try row.decode("id"),
            workplaceID: try row.decode("workplace_id"),
            username: try row.decode("username"),
            displayName: try row.decode("display_name"),
            email: try row.decode("email"),
            role: try row.decode("role", as: Role.self),
            payType: try row.decode("pay_type", as: PayType.self),
            active: try row.decode("active")
        )
    }

    static func workplace(from row: PostgresRow, prefix: String = "") throws -> WorkplaceView {
        let id: Int64 = try row.decode("\(prefix)id")
        let settings = try StoredWorkplaceSettings.stored(try row.decode("\(prefix)settings"), workplaceID: id)
        return WorkplaceView(
            id: id,
            slug: try row.decode("\(prefix)slug"),
            name: try row.decode("\(prefix)name"),
            timeZone: try row.decode("\(prefix)time_zone"),
            settings: settings
        )
    }

    // MARK: Workplaces

    static func insertWorkplace(slug: String, name: String, timeZone: String, on connection: PostgresConnection) throws -> WorkplaceView {
        do {
            let rows = try connection.query(
                "INSERT INTO workplaces AS w (slug, name, time_zone) VALUES (\(slug), \(name), \(timeZone)) RETURNING \(sql: workplaceColumns)")
            return try workplace(from: rows[0])
        } catch let error as PostgresError where error.serverState == .uniqueViolation {
            throw StoreError.workplaceSlugTaken(slug: slug)
        }
    }

    static func workplace(id: Int64, on connection: PostgresConnection) throws -> WorkplaceView? {
        try connection.query("SELECT \(sql: workplaceColumns) FROM workplaces w WHERE w.id = \(id)").first.map { try workplace(from: $0) }
    }

    static func workplace(slug: String, on connection: PostgresConnection) throws -> WorkplaceView? {
        try connection.query("SELECT \(sql: workplaceColumns) FROM workplaces w WHERE w.slug = \(slug)").first.map { try workplace(from: $0) }
    }

    /// The workplace, its row locked until the transaction ends (a settings or time zone change
    /// reads, decides and writes without another change slipping in between).
    static func lockWorkplace(id: Int64, on connection: PostgresConnection) throws -> WorkplaceView? {
        try connection.query("SELECT \(sql: workplaceColumns) FROM workplaces w WHERE w.id = \(id) FOR UPDATE").first.map { try workplace(from: $0) }
    }

    /// Writes the given fields; `settings` replaces the switches it holds and keeps other keys
    /// of the stored object (such as `timeclock`).
    static func updateWorkplace(id: Int64, name: String?, timeZone: String?, settings: StoredWorkplaceSettings?, on connection: PostgresConnection) throws -> WorkplaceView {
        let settingsJSON = try settings.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let rows = try connection.query(
            """
            UPDATE workplaces AS w SET
                name = COALESCE(\(name), w.name),
                time_zone = COALESCE(\(timeZone), w.time_zone),
                settings = w.settings || COALESCE(\(settingsJSON)::jsonb, '{}'::jsonb)
            WHERE w.id = \(id)
            RETURNING \(sql: workplaceColumns)
            """)
        guard let row = rows.first else { throw StoreError.workplaceNotFound(workplaceID: id) }
        return try workplace(from: row)
    }

    // MARK: Users

    static func insertUser(
        workplaceID: Int64, username: String, displayName: String, email: String?,
        role: Role, payType: PayType, passwordHash: String, on connection: PostgresConnection
    ) throws -> UserView {
        do {
            let rows = try connection.query(
                """
                INSERT INTO users AS u (workplace_id, username, display_name, email, role, pay_type, password_hash)
                VALUES (\(workplaceID), \(username), \(displayName), \(email), \(role.rawValue), \(payType.rawValue), \(passwordHash)) RETURNING \(sql: userColumns)
                """)
            return try user(from: rows[0])
        } catch let error as PostgresError where error.serverState == .uniqueViolation {
            throw StoreError.usernameTaken(username: username)
        }
    }

    static func user(id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> UserView? {
        try connection.query(
            "SELECT \(sql: userColumns) FROM users u WHERE u.id = \(id) AND u.workplace_id = \(workplaceID)").first.map { try user(from: $0) }
    }

    /// The user and stored hash for a login attempt; nil when no such user exists in that workplace.
    static func credentials(workplaceSlug: String, username: String, on connection: PostgresConnection) throws -> (user: UserView, passwordHash: String)? {
        let rows = try connection.query(
            """
            SELECT \(sql: userColumns), u.password_hash FROM users u JOIN workplaces w ON w.id = u.workplace_id
            WHERE w.slug = \(workplaceSlug) AND u.username = \(username)
            """)
        guard let row = rows.first else { return nil }
        return (try user(from: row), try row.decode("password_hash"))
    }

    /// A member's own language (nil: follow the workplace's).
    static func setLanguage(_ language: LanguageCode?, userID: Int64, on connection: PostgresConnection) throws {
        try connection.execute("UPDATE users SET language = \(language?.rawValue) WHERE id = \(userID)")
    }

    static func passwordHash(userID: Int64, on connection: PostgresConnection) throws -> String? {
        try connection.query("SELECT password_hash FROM users WHERE id = \(userID)").first?.decode("password_hash")
    }

    static func setPasswordHash(_ hash: String, userID: Int64, on connection: PostgresConnection) throws {
        try connection.execute("UPDATE users SET password_hash = \(hash), password_changed_at = now() WHERE id = \(userID)")
    }

    static func users(workplaceID: Int64, search: String?, includeInactive: Bool, on connection: PostgresConnection) throws -> [UserView] {
        let pattern = search.map { "%" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%" }
        return try connection.query(
            """
            SELECT \(sql: userColumns) FROM users u
            WHERE u.workplace_id = \(workplaceID) AND (\(includeInactive)::boolean OR u.active)
              AND (\(pattern)::text IS NULL OR u.display_name ILIKE \(pattern) OR u.username ILIKE \(pattern))
            ORDER BY lower(u.display_name), u.id
            """).map { try user(from: $0) }
    }

    static func updateUser(
        id: Int64, workplaceID: Int64, displayName: String?, email: String??, role: Role?, payType: PayType?, active: Bool?,
        on connection: PostgresConnection
    ) throws -> UserView? {
        let emailChanged = email != nil
        let newEmail: String? = email ?? nil
        return try connection.query(
            """
            UPDATE users AS u SET
                display_name = COALESCE(\(displayName), u.display_name),
                email = CASE WHEN \(emailChanged)::boolean THEN \(newEmail) ELSE u.email END,
                role = COALESCE(\(role?.rawValue), u.role),
                pay_type = COALESCE(\(payType?.rawValue), u.pay_type),
                active = COALESCE(\(active), u.active)
            WHERE u.id = \(id) AND u.workplace_id = \(workplaceID)
            RETURNING \(sql: userColumns)
            """).first.map { try user(from: $0) }
    }

    static func activeManagerCount(workplaceID: Int64, on connection: PostgresConnection) throws -> Int {
        try connection.query(
            "SELECT count(*)::bigint AS n FROM users WHERE workplace_id = \(workplaceID) AND role = 'manager' AND active")[0].decode("n")
    }
}
