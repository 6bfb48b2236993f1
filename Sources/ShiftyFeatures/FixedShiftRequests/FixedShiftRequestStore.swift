import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// SQL for fixed-shift requests; parameterized, on the caller's connection (and transaction).
enum FixedShiftRequestStore {
    static let columns = """
        r.id, r.user_id, u.display_name AS user_name, r.kind, r.fixed_shift_id, r.weekday,
        to_char(r.start_time, 'HH24:MI') AS start_time, r.duration_minutes, r.position,
        r.valid_from::text AS valid_from, r.valid_until::text AS valid_until, r.reason, r.status, r.manager_note,
        r.decided_by, r.decided_at, r.created_at,
        f.weekday AS f_weekday, to_char(f.start_time, 'HH24:MI') AS f_start_time, f.duration_minutes AS f_duration_minutes,
        f.position AS f_position, f.valid_from::text AS f_valid_from, f.valid_until::text AS f_valid_until,
        f.ended_at IS NULL AS f_active,
        r.before_weekday, to_char(r.before_start_time, 'HH24:MI') AS before_start_time, r.before_duration_minutes,
        r.before_position
        """

    static let from = """
        FROM fixed_shift_requests r JOIN users u ON u.id = r.user_id
        LEFT JOIN fixed_shifts f ON f.id = r.fixed_shift_id AND f.workplace_id = r.workplace_id
        """

    static func view(from row: PostgresRow) throws -> FixedShiftRequestView {
        let userID: Int64 = try row.decode("user_id")
        let userName: String = try row.decode("user_name")
        let fixedShiftID = try row.decode("fixed_shift_id", as: Int64?.self)
        var fixedShift: FixedShiftView?
        if let fixedShiftID, let weekday = try row.decode("f_weekday", as: Int32?.self) {
            fixedShift = FixedShiftView(
                id: fixedShiftID, ownerId: userID, ownerName: userName, weekday: Int(weekday),
                startTime: try row.decode("f_start_time"), durationMinutes: Int(try row.decode("f_duration_minutes", as: Int32.self)),
                position: try row.decode("f_position", as: String?.self), validFrom: try row.decode("f_valid_from"),
                validUntil: try row.decode("f_valid_until", as: String?.self), active: try row.decode("f_active"))
        }
        let status = try row.decode("status", as: FixedShiftRequestStatus.self)
        let kind = try row.decode("kind", as: FixedShiftRequestKind.self)
        // An add has no before (its fixed shift, once approved, is the one it created).
        var before = kind == .add ? nil : fixedShift.map {
            FixedShiftPattern(weekday: $0.weekday, startTime: $0.startTime, durationMinutes: $0.durationMinutes, position: $0.position)
        }
        // A decided request shows the fixed shift as it was when decided (rows decided before the
        // snapshot existed keep showing it as it is now).
        if status != .pending, let weekday = try row.decode("before_weekday", as: Int32?.self) {
            before = FixedShiftPattern(
                weekday: Int(weekday), startTime: try row.decode("before_start_time"),
                durationMinutes: Int(try row.decode("before_duration_minutes", as: Int32.self)),
                position: try row.decode("before_position", as: String?.self))
        }
        return FixedShiftRequestView(
            id: try row.decode("id"), userId: userID, userName: userName, kind: .init(kind),
            fixedShiftId: fixedShiftID, fixedShift: fixedShift, before: before,
            weekday: try row.decode("weekday", as: Int32?.self).map(Int.init), startTime: try row.decode("start_time", as: String?.self),
            durationMinutes: try row.decode("duration_minutes", as: Int32?.self).map(Int.init),
            position: try row.decode("position", as: String?.self), validFrom: try row.decode("valid_from", as: String?.self),
            validUntil: try row.decode("valid_until", as: String?.self), reason: try row.decode("reason"), status: .init(status),
            managerNote: try row.decode("manager_note", as: String?.self), decidedBy: try row.decode("decided_by", as: Int64?.self),
            decidedAt: try row.decode("decided_at", as: Date?.self), createdAt: try row.decode("created_at"))
    }

    /// The workplace's requests (or one member's), newest first; `status` filters.
    static func list(
        workplaceID: Int64, userID: Int64?, status: FixedShiftRequestStatus?, on connection: PostgresConnection
    ) throws -> [FixedShiftRequestView] {
        try connection.query(
            """
            SELECT \(sql: columns) \(sql: from)
            WHERE r.workplace_id = \(workplaceID) AND (\(userID)::bigint IS NULL OR r.user_id = \(userID)) AND (\(status?.rawValue)::text IS NULL OR r.status = \(status?.rawValue))
            ORDER BY r.created_at DESC, r.id DESC LIMIT 500
            """).map(view(from:))
    }

    /// One request of the workplace, locked for the rest of the transaction; `nil` when there is none.
    static func lock(_ id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> FixedShiftRequestView? {
        try connection.query(
            "SELECT \(sql: columns) \(sql: from) WHERE r.id = \(id) AND r.workplace_id = \(workplaceID) FOR UPDATE OF r").first.map(view(from:))
    }

    /// Inserts a pending request; the proposal is stored as checked.
    static func insert(workplaceID: Int64, _ new: NewFixedShiftRequest, on connection: PostgresConnection) throws -> Int64 {
        let proposal = new.proposal
        return try connection.query(
            """
            INSERT INTO fixed_shift_requests
                (workplace_id, user_id, kind, fixed_shift_id, weekday, start_time, duration_minutes, position, valid_from, valid_until, reason)
            VALUES (\(workplaceID), \(new.member.rawValue), \(bind: new.kind.rawValue), \(new.fixedShift?.rawValue),
                    \(proposal.weekday.map(Int64.init)), \(bind: proposal.startTime)::time, \(proposal.durationMinutes.map(Int64.init)),
                    \(bind: proposal.position), \(bind: proposal.validFrom)::date, \(bind: proposal.validUntil)::date, \(bind: new.reason))
            RETURNING id
            """
        )[0].decode("id")
    }

    /// One request of the workplace as the rules see it, locked for the rest of the transaction;
    /// `nil` when there is none. A kind or status the rules do not know is a decoding error.
    static func lockForDecision(_ id: FixedShiftRequestID, workplaceID: Int64, on connection: PostgresConnection) throws -> FixedShiftRequest? {
        try lock(id.rawValue, workplaceID: workplaceID, on: connection).map { view in
            guard let kind = FixedShiftRequestKind(rawValue: view.kind.rawValue), let status = FixedShiftRequestStatus(rawValue: view.status.rawValue) else {
                throw PostgresError(kind: .decoding, message: "fixed-shift request \(view.id) has an unknown kind \(view.kind) or status \(view.status)")
            }
            return FixedShiftRequest(
                id: id, member: UserID(rawValue: view.userId), kind: kind, status: status, fixedShift: view.fixedShiftId.map(FixedShiftID.init(rawValue:)),
                proposal: FixedShiftProposal(
                    weekday: view.weekday, startTime: view.startTime, durationMinutes: view.durationMinutes, position: view.position,
                    validFrom: view.validFrom, validUntil: view.validUntil))
        }
    }

    /// A fixed shift of the workplace as a request's rules see it (`lock`: locked for the rest of
    /// the transaction); `nil` when there is none.
    static func fixedShift(_ id: FixedShiftID, workplaceID: Int64, lock: Bool, on connection: PostgresConnection) throws -> ExistingFixedShift? {
        try FixedShiftStore.find(id: id.rawValue, workplaceID: workplaceID, forUpdate: lock, on: connection).map {
            ExistingFixedShift(try FixedShiftStore.rule(from: $0), isActive: $0.active)
        }
    }

    /// Keeps the fixed shift the request is about as it is now, before a decision changes it
    /// (``FixedShiftRequestView/before``); nothing for an add.
    static func recordBefore(_ id: Int64, on connection: PostgresConnection) throws {
        try connection.execute(
            """
            UPDATE fixed_shift_requests r
            SET before_weekday = f.weekday, before_start_time = f.start_time, before_duration_minutes = f.duration_minutes,
                before_position = f.position
            FROM fixed_shifts f
            WHERE r.id = \(id) AND f.id = r.fixed_shift_id AND f.workplace_id = r.workplace_id
            """)
    }

    /// Moves the request to `status`; a decision records the manager, their note and when.
    static func setStatus(
        _ id: Int64, to status: FixedShiftRequestStatus, note: String?, decidedBy: Int64?, fixedShiftID: Int64? = nil, now: Date,
        on connection: PostgresConnection
    ) throws {
        try connection.execute(
            """
            UPDATE fixed_shift_requests SET status = \(status.rawValue), updated_at = \(now),
                manager_note = COALESCE(\(note), manager_note),
                decided_by = COALESCE(\(decidedBy), decided_by), decided_at = CASE WHEN \(decidedBy)::bigint IS NULL THEN decided_at ELSE \(now) END,
                fixed_shift_id = COALESCE(\(fixedShiftID), fixed_shift_id)
            WHERE id = \(id)
            """)
    }
}
