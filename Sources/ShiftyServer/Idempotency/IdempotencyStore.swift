import Foundation
import ShiftyPostgres

/// SQL for idempotency keys (table `idempotency_keys`, sql/0015_idempotency_keys.sql). Every
/// statement runs in the ambient transaction of the request the key came with.
enum IdempotencyStore {
    /// How long a key is remembered: the draft's suggestion, and far longer than any client retries.
    static let lifetimeHours = 24

    /// The class of the advisory locks on keys (the two-number lock space; "ID").
    static let lockClass: Int32 = 0x4944

    /// What a key was first used for and what it was answered.
    struct Record: Sendable {
        var fingerprint: String
        var answer: StoredAnswer
    }

    /// Takes the key's advisory lock for the rest of the transaction: false while another
    /// transaction (a concurrent request with the same key) holds it.
    static func lock(_ scope: IdempotencyScope, keyHash: String, on connection: PostgresConnection) throws -> Bool {
        try connection.query(
            "SELECT pg_try_advisory_xact_lock(\(lockClass), hashtext(\(scope.lockText + ":" + keyHash))) AS locked")[0].decode("locked")
    }

    /// The key's record when it was used in the last 24 hours. An older record no longer counts and
    /// is deleted here (the sweep may not have reached it yet), so the key can be used afresh.
    static func find(_ scope: IdempotencyScope, keyHash: String, on connection: PostgresConnection) throws -> Record? {
        let (column, id) = scope.column
        try connection.execute(
            "DELETE FROM idempotency_keys WHERE \(sql: column) = \(id) AND key_hash = \(keyHash) AND created_at <= now() - make_interval(hours => \(lifetimeHours)::int)")
        guard let row = try connection.query(
            "SELECT fingerprint, status, headers::text AS headers, body FROM idempotency_keys WHERE \(sql: column) = \(id) AND key_hash = \(keyHash)").first else { return nil }
        let headers = try JSONDecoder().decode([[String]].self, from: Data((try row.decode("headers") as String).utf8))
        return Record(
            fingerprint: try row.decode("fingerprint"),
            answer: StoredAnswer(status: try row.decode("status"), headers: headers, body: try row.decode("body")))
    }

    static func store(_ scope: IdempotencyScope, keyHash: String, _ record: Record, on connection: PostgresConnection) throws {
        let headers = String(decoding: try JSONEncoder().encode(record.answer.headers), as: UTF8.self)
        let (memberID, kioskID): (Int64?, Int64?) = switch scope {
        case .member(let id): (id, nil)
        case .kiosk(let id): (nil, id)
        }
        try connection.execute(
            """
            INSERT INTO idempotency_keys (user_id, kiosk_id, key_hash, fingerprint, status, headers, body)
            VALUES (\(memberID), \(kioskID), \(keyHash), \(record.fingerprint), \(record.answer.status), \(headers)::jsonb, \(record.answer.body))
            """)
    }

    /// Forgets keys used more than 24 hours before `now`; returns how many.
    @discardableResult
    static func sweep(asOf now: Date, on connection: PostgresConnection) throws -> Int {
        try connection.execute(
            "DELETE FROM idempotency_keys WHERE created_at <= \(now) - make_interval(hours => \(lifetimeHours)::int)")
    }

    /// The sweep as schedule maintenance's housekeeping: it runs on the maintenance beat.
    static func sweeper(_ pool: PostgresPool) -> @Sendable (Date) async throws -> Int {
        { now in try await pool.withConnection { try sweep(asOf: now, on: $0) } }
    }
}

extension IdempotencyScope {
    /// The column holding the scope's owner, and its id. The names are constants, never input.
    var column: (name: String, id: Int64) {
        switch self {
        case .member(let id): ("user_id", id)
        case .kiosk(let id): ("kiosk_id", id)
        }
    }
}
