import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// SQL for punches and their audit trail. Every function is scoped by the workplace id.
package enum PunchStore {
    /// A member as far as the timeclock cares.
    struct Member: Sendable {
        var id: Int64
        var username: String
        var displayName: String
        var active: Bool
    }

    /// The filters and order of the punch history.
    package struct Query: Sendable {
        package enum Sort: String, Sendable, CaseIterable {
            case newest, oldest, person, position
        }
        package var userID: Int64?
        package var search: String?
        package var position: String?
        package var from: Date?
        package var to: Date?
        package var sort: Sort = .newest
        package var limit = 200
        package var offset = 0

        package init() {}
    }

    /// Locks the member's row so that two punches for one member are decided one after the other.
    static func lockMember(id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> Member? {
        try connection.query(
            "SELECT id, username, display_name, active FROM users WHERE id = \(id) AND workplace_id = \(workplaceID) FOR UPDATE").first.map { try member(from: $0) }
    }

    static func member(username: String, workplaceID: Int64, on connection: PostgresConnection) throws -> (member: Member, passwordHash: String, pinHash: String?)? {
        let rows = try connection.query(
            """
            SELECT u.id, u.username, u.display_name, u.active, u.password_hash, p.pin_hash
            FROM users u LEFT JOIN user_pins p ON p.user_id = u.id
            WHERE u.workplace_id = \(workplaceID) AND u.username = \(username)
            """)
        guard let row = rows.first else { return nil }
        return (try member(from: row), try row.decode("password_hash"), try row.decode("pin_hash"))
    }

    /// The member whose PIN has this lookup key (see `KioskService.pinLookup`).
    static func member(pinLookup: String, workplaceID: Int64, on connection: PostgresConnection) throws -> (member: Member, pinHash: String)? {
        let rows = try connection.query(
            """
            SELECT u.id, u.username, u.display_name, u.active, p.pin_hash
            FROM user_pins p JOIN users u ON u.id = p.user_id
            WHERE p.workplace_id = \(workplaceID) AND p.pin_lookup = \(pinLookup)
            """)
        guard let row = rows.first else { return nil }
        return (try member(from: row), try row.decode("pin_hash"))
    }

    static func member(from row: PostgresRow) throws -> Member {
        Member(id: try row.decode("id"), username: try row.decode("username"), displayName: try row.decode("display_name"), active: try row.decode("active"))
    }

    static func lastPunch(userID: Int64, on connection: PostgresConnection) throws -> Punch? {
        try connection.query(
            "SELECT at, kind FROM punches WHERE user_id = \(userID) ORDER BY at DESC, id DESC LIMIT 1").first.map { try punch(from: $0) }
    }

    static func punch(from row: PostgresRow) throws -> Punch {
        Punch(try row.decode("kind", as: Punch.Kind.self), at: try row.decode("at"))
    }

    static func insert(
        workplaceID: Int64, userID: Int64, punch: Punch, source: String, kioskID: Int64?, createdBy: Int64?,
        on connection: PostgresConnection
    ) throws -> Int64 {
        try connection.query(
            """
            INSERT INTO punches (workplace_id, user_id, at, kind, source, kiosk_id, created_by)
            VALUES (\(workplaceID), \(userID), \(punch.instant), \(punch.kind.rawValue), \(source), \(kioskID), \(createdBy)) RETURNING id
            """)[0].decode("id")
    }

    /// A punch of this workplace, locked for an edit.
    static func lockPunch(id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> (userID: Int64, punch: Punch)? {
        try connection.query(
            "SELECT user_id, at, kind FROM punches WHERE id = \(id) AND workplace_id = \(workplaceID) FOR UPDATE").first.map { (try $0.decode("user_id"), try punch(from: $0)) }
    }

    static func update(id: Int64, to punch: Punch, on connection: PostgresConnection) throws {
        try connection.execute(
            "UPDATE punches SET at = \(punch.instant), kind = \(punch.kind.rawValue), updated_at = now() WHERE id = \(id)")
    }

    static func delete(id: Int64, on connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM punches WHERE id = \(id)")
    }

    static func recordEdit(
        workplaceID: Int64, punchID: Int64, userID: Int64, actorID: Int64, action: String,
        before: Punch?, after: Punch?, reason: String, on connection: PostgresConnection
    ) throws {
        try connection.execute(
            """
            INSERT INTO punch_edits (workplace_id, punch_id, user_id, actor_id, action, before_at, before_kind, after_at, after_kind, reason)
            VALUES (\(workplaceID), \(punchID), \(userID), \(actorID), \(bind: action), \(before?.instant), \(bind: before?.kind.rawValue),
                    \(after?.instant), \(bind: after?.kind.rawValue), \(bind: reason))
            """)
    }

    /// Every punch in `[from, to)`, grouped by member and in time order, for calculations.
    ///
    /// This is the hot query of the monthly report (88,000 rows for 1,000 members): it asks for
    /// no order, so PostgreSQL can answer with a plain scan instead of sorting, the rows are read
    /// by column index, and instants travel as integer microseconds (parsing 88,000 timestamp
    /// texts was a sixth of the report's time). Each member's few dozen punches are then sorted here by time and id.
    static func punchesByMember(workplaceID: Int64, userIDs: [Int64]?, from: Date, to: Date, on connection: PostgresConnection) throws -> [Int64: [Punch]] {
        let rows = try connection.query(
            """
            SELECT user_id, id, (extract(epoch FROM at) * 1000000)::bigint AS micros, kind FROM punches
            WHERE workplace_id = \(workplaceID) AND at >= \(from) AND at < \(to) AND (\(userIDs)::bigint[] IS NULL OR user_id = ANY(\(userIDs)))
            """)
        var grouped: [Int64: [(id: Int64, punch: Punch)]] = [:]
        for row in rows {
            let kind = try row.decode(3, as: Punch.Kind.self)
            let instant = Date(timeIntervalSince1970: Double(try row.decode(2, as: Int64.self)) / 1_000_000)
            grouped[try row.decode(0, as: Int64.self), default: []].append((try row.decode(1), Punch(kind, at: instant)))
        }
        return grouped.mapValues { punches in
            punches.sorted { $0.punch.instant == $1.punch.instant ? $0.id < $1.id : $0.punch.instant < $1.punch.instant }.map(\.punch)
        }
    }

    static let viewSelect = """
        SELECT p.id, p.user_id, u.username, u.display_name, p.at, p.kind, p.source, k.name AS kiosk_name,
               to_char(p.at AT TIME ZONE w.time_zone, 'YYYY-MM-DD') AS local_date,
               (SELECT s.position FROM shifts s
                 WHERE s.owner_id = p.user_id AND s.status <> 'cancelled'
                   AND s.local_date = (p.at AT TIME ZONE w.time_zone)::date
                 ORDER BY s.starts_at LIMIT 1) AS position
        FROM punches p
        JOIN users u ON u.id = p.user_id
        JOIN workplaces w ON w.id = p.workplace_id
        LEFT JOIN kiosks k ON k.id = p.kiosk_id
        """

    static func view(from row: PostgresRow) throws -> PunchView {
        PunchView(
            id: try row.decode("id"), userID: try row.decode("user_id"), username: try row.decode("username"),
            displayName: try row.decode("display_name"), at: try row.decode("at"), localDate: try row.decode("local_date"),
            kind: .init(try row.decode("kind", as: Punch.Kind.self)), source: try row.decode("source", as: PunchView.Source.self),
            kioskName: try row.decode("kiosk_name"), position: try row.decode("position"))
    }

    static func view(id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> PunchView? {
        try connection.query("\(sql: viewSelect) WHERE p.id = \(id) AND p.workplace_id = \(workplaceID)").first.map { try view(from: $0) }
    }

    /// The punch history: filtered by member, name/username search, position and time; sorted.
    static func list(workplaceID: Int64, query: Query, on connection: PostgresConnection) throws -> [PunchView] {
        let order = switch query.sort {
        case .newest: "p.at DESC, p.id DESC"
        case .oldest: "p.at, p.id"
        case .person: "lower(p.display_name), p.user_id, p.at DESC, p.id DESC"
        case .position: "lower(p.position) NULLS LAST, p.at DESC, p.id DESC"
        }
        let pattern = query.search.map(likePattern)
        return try connection.query(
            """
            SELECT p.* FROM (\(sql: viewSelect)
                WHERE p.workplace_id = \(workplaceID) AND (\(query.userID)::bigint IS NULL OR p.user_id = \(query.userID))
                  AND (\(pattern)::text IS NULL OR u.display_name ILIKE \(pattern) OR u.username ILIKE \(pattern))
                  AND (\(query.from)::timestamptz IS NULL OR p.at >= \(query.from)) AND (\(query.to)::timestamptz IS NULL OR p.at < \(query.to))
            ) AS p
            WHERE (\(query.position.map(likePattern))::text IS NULL OR p.position ILIKE \(query.position.map(likePattern)))
            ORDER BY \(sql: order) LIMIT \(query.limit) OFFSET \(query.offset)
            """).map { try view(from: $0) }
    }

    /// Members whose latest punch is a check-in from the last `within` seconds.
    static func checkedIn(workplaceID: Int64, within: TimeInterval, on connection: PostgresConnection) throws -> [PresentMemberView] {
        try connection.query(
            """
            SELECT * FROM (
                SELECT DISTINCT ON (p.user_id) p.user_id, u.username, u.display_name, p.at, p.kind
                FROM punches p JOIN users u ON u.id = p.user_id
                WHERE p.workplace_id = \(workplaceID) AND p.at > now() - make_interval(secs => \(within)) AND p.at <= now()
                ORDER BY p.user_id, p.at DESC, p.id DESC
            ) AS latest
            WHERE kind = 'in'
            ORDER BY lower(display_name), user_id
            """).map { row in
            PresentMemberView(userID: try row.decode("user_id"), username: try row.decode("username"), displayName: try row.decode("display_name"), since: try row.decode("at"))
        }
    }

    static func likePattern(_ text: String) -> String {
        "%" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
    }

    /// The audit trail, newest first; optionally one member's or one punch's.
    static func edits(workplaceID: Int64, userID: Int64?, punchID: Int64?, limit: Int, on connection: PostgresConnection) throws -> [PunchEditView] {
        try connection.query(
            """
            SELECT e.id, e.punch_id, e.user_id, e.actor_id, a.display_name AS actor_name, e.at, e.action,
                   e.before_at, e.before_kind, e.after_at, e.after_kind, e.reason
            FROM punch_edits e JOIN users a ON a.id = e.actor_id
            WHERE e.workplace_id = \(workplaceID) AND (\(userID)::bigint IS NULL OR e.user_id = \(userID)) AND (\(punchID)::bigint IS NULL OR e.punch_id = \(punchID))
            ORDER BY e.id DESC LIMIT \(limit)
            """).map { row in
            func state(_ prefix: String) throws -> PunchEditView.State? {
                guard let at: Date = try row.decode("\(prefix)_at") else { return nil }
                return PunchEditView.State(at: at, kind: .init(try row.decode("\(prefix)_kind", as: Punch.Kind.self)))
            }
            return PunchEditView(
                id: try row.decode("id"), punchID: try row.decode("punch_id"), userID: try row.decode("user_id"),
                actorID: try row.decode("actor_id"), actorName: try row.decode("actor_name"), at: try row.decode("at"),
                action: try row.decode("action", as: PunchEditView.Action.self), before: try state("before"), after: try state("after"), reason: try row.decode("reason"))
        }
    }
}
