import Foundation
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// Limits password guessing per account and client address, per client address, and account
/// creation (signup, new workplaces) per client address; and PIN guessing at kiosks.
///
/// Counters live in PostgreSQL so that every instance behind the load balancer sees the same
/// numbers. Every attempt takes a slot *before* its Argon2id verification
/// (``LoginThrottle/reserve(_:in:)``), so the limits hold however many attempts run at once and on
/// however many instances; docs/throttles.md explains the numbers.
///
/// The account lock is keyed by account *and* address: keyed by account alone, anyone could lock a
/// coworker out by typing five wrong passwords for them. Guessing one account from many addresses is
/// still bounded by the per-address limit of each address and by Argon2id's cost.
public struct LoginThrottlePolicy: Sendable {
    /// Failed logins for one account from one address; also wrong PINs or passwords for one member
    /// at one kiosk.
    public var maxFailuresPerAccount: Int = 5
    public var maxFailuresPerAddress: Int = 30
    public var window: Duration = .seconds(15 * 60)
    public var lockout: Duration = .seconds(15 * 60)
    /// Signups and new workplaces from one address per `signupWindow` (each costs an Argon2id hash
    /// and creates rows; a team onboarding from one shop's Wi-Fi stays well below it).
    public var maxSignupsPerAddress: Int = 20
    public var signupWindow: Duration = .seconds(60 * 60)
    /// Wrong PINs typed without a name at one kiosk per `window`. One such guess is tested against
    /// every member's PIN, so the budget is small; when it is used up the kiosk asks for the name
    /// first (429 `kiosk_pin_only_paused`) and members still punch with name + PIN.
    public var maxPinOnlyFailuresPerKiosk: Int = 10
    /// The same per day, so that a whole day of guessing at one kiosk stays bounded too.
    public var maxPinOnlyFailuresPerKioskPerDay: Int = 30
    /// Wrong PINs or passwords for one member over all kiosks of the workplace per `kioskMemberWindow`.
    public var maxKioskFailuresPerMember: Int = 10
    public var kioskMemberWindow: Duration = .seconds(60 * 60)
    /// The same per day: bounds a day of guessing at one member, and at every member in turn.
    public var maxKioskFailuresPerMemberPerDay: Int = 30

    public init() {}
}

/// One counter an attempt is counted against: at most `limit` attempts per `window`; reaching the
/// limit blocks the key for `lockout`.
struct ThrottleKey: Sendable, Hashable {
    var key: String
    var limit: Int
    var window: Duration
    var lockout: Duration

    init(_ key: String, limit: Int, window: Duration, lockout: Duration) {
        self.key = key
        self.limit = max(1, limit)
        self.window = window
        self.lockout = lockout
    }
}

/// The slots an admitted attempt holds: given back (or cleared) when the attempt turns out to be
/// the rightful owner, kept as failures otherwise.
struct ThrottleReservation: Sendable {
    /// The reserved keys with the start of the window each slot was taken in (microseconds since
    /// 1970), so a slot is never given back to a later window.
    var slots: [(key: ThrottleKey, windowStart: Int64)]
}

/// The attempt was not counted: at least one of its keys is blocked or has no slot left.
struct ThrottleRefusal: Error, Sendable {
    /// The keys that refused (a caller may answer differently depending on which).
    var keys: [String]
    var retryAfterSeconds: Int

    func refused(_ key: String) -> Bool { keys.contains(key) }
}

enum LoginThrottle {
    /// Counts one attempt against every key before any work is done, in one statement under the
    /// keys' row locks: concurrent attempts (on any instance) are serialised per key, so no more
    /// than `limit` of them are ever admitted per window. When any key refuses, the transaction is
    /// rolled back: a refused attempt grows no counter.
    ///
    /// - Throws: ``ThrottleRefusal`` when any key is blocked or full.
    static func reserve(_ keys: [ThrottleKey], in pool: PostgresPool) async throws -> ThrottleReservation {
        var seen = Set<String>()
        // Sorted, so that two attempts always lock shared rows in the same order (no deadlock).
        let unique = keys.filter { seen.insert($0.key).inserted }.sorted { $0.key < $1.key }
        guard !unique.isEmpty else { return ThrottleReservation(slots: []) }
        let names = unique.map(\.key)
        let limits = unique.map { Int64($0.limit) }
        let windows = unique.map { Int64($0.window.components.seconds) }
        let lockouts = unique.map { Int64($0.lockout.components.seconds) }
        return try await pool.transaction { connection in
            let rows = try connection.query(reserveStatement(keys: names, limits: limits, windows: windows, lockouts: lockouts))
            var slots: [(key: ThrottleKey, windowStart: Int64)] = []
            var refused: [String] = []
            var retryAfter = 1
            for row in rows {
                let name: String = try row.decode("key")
                guard let key = unique.first(where: { $0.key == name }) else { continue }
                if try row.decode("refused") as Bool {
                    refused.append(name)
                    retryAfter = max(retryAfter, Int(try row.decode("retry_after") as Int64))
                } else {
                    slots.append((key, try row.decode("window_start_us")))
                }
            }
            // Thrown inside the transaction: it rolls back every counter this statement moved.
            if !refused.isEmpty { throw ThrottleRefusal(keys: refused, retryAfterSeconds: retryAfter) }
            return ThrottleReservation(slots: slots)
        }
    }

    /// The upsert behind ``reserve(_:in:)``. A key's window starts afresh when it has passed or when
    /// the key's lock has ended; a blocked key counts as over its limit whatever the count says.
    /// One entry per key in each array, in the same order.
    private static func reserveStatement(keys: [String], limits: [Int64], windows: [Int64], lockouts: [Int64]) -> PostgresQuery {
        """
        WITH wanted AS (
            SELECT * FROM unnest(\(keys)::text[], \(limits)::bigint[], \(windows)::bigint[], \(lockouts)::bigint[]) AS w(key, max_attempts, window_seconds, lockout_seconds)
        )
        INSERT INTO login_throttle AS t (key, failures, window_start, blocked_until)
        SELECT key, 1, now(), CASE WHEN max_attempts <= 1 THEN now() + make_interval(secs => lockout_seconds) END
        FROM wanted ORDER BY key
        ON CONFLICT (key) DO UPDATE SET
            failures = CASE
                WHEN coalesce(t.blocked_until <= now(), t.window_start <= now() - make_interval(secs => (\(windows)::bigint[])[array_position(\(keys)::text[], t.key)])) THEN 1
                WHEN t.blocked_until > now() THEN greatest(t.failures, (\(limits)::bigint[])[array_position(\(keys)::text[], t.key)]::integer) + 1
                ELSE t.failures + 1 END,
            window_start = CASE
                WHEN coalesce(t.blocked_until <= now(), t.window_start <= now() - make_interval(secs => (\(windows)::bigint[])[array_position(\(keys)::text[], t.key)])) THEN now()
                ELSE t.window_start END,
            blocked_until = CASE
                WHEN coalesce(t.blocked_until <= now(), t.window_start <= now() - make_interval(secs => (\(windows)::bigint[])[array_position(\(keys)::text[], t.key)]))
                THEN EXCLUDED.blocked_until
                WHEN t.blocked_until IS NULL AND t.failures + 1 >= (\(limits)::bigint[])[array_position(\(keys)::text[], t.key)]
                THEN now() + make_interval(secs => (\(lockouts)::bigint[])[array_position(\(keys)::text[], t.key)])
                ELSE t.blocked_until END
        RETURNING t.key,
            t.failures > (\(limits)::bigint[])[array_position(\(keys)::text[], t.key)] AS refused,
            (extract(epoch FROM t.window_start) * 1000000)::bigint AS window_start_us,
            greatest(1, ceil(extract(epoch FROM coalesce(
                t.blocked_until, t.window_start + make_interval(secs => (\(windows)::bigint[])[array_position(\(keys)::text[], t.key)])) - now())))::bigint AS retry_after
        """
    }

    /// Settles an attempt that proved to be the rightful owner: the keys in `clearing` are reset
    /// (the owner's own earlier typos no longer count), every other slot is given back, so
    /// successful attempts never use up a shared budget (an office's address, a kiosk).
    ///
    /// Each statement touches one row in its own transaction, so settling can never deadlock with
    /// a concurrent reservation.
    static func settleSuccess(_ reservation: ThrottleReservation, clearing: Set<String> = [], in pool: PostgresPool) async throws {
        guard !reservation.slots.isEmpty else { return }
        try await pool.withConnection { connection in
            for slot in reservation.slots {
                if clearing.contains(slot.key.key) {
                    try connection.execute("DELETE FROM login_throttle WHERE key = \(slot.key.key)")
                } else {
                    try connection.execute(
                        """
                        UPDATE login_throttle SET failures = failures - 1,
                            blocked_until = CASE WHEN failures - 1 < \(Int64(slot.key.limit)) THEN NULL ELSE blocked_until END
                        WHERE key = \(slot.key.key) AND (extract(epoch FROM window_start) * 1000000)::bigint = \(slot.windowStart) AND failures > 0
                        """)
                }
            }
        }
    }

    // MARK: Keys

    /// Keys of a login attempt: the account at this address (or the account alone when the address is
    /// unknown), and the address.
    static func loginKeys(workplaceSlug: String, username: String, address: String?, policy: LoginThrottlePolicy) -> (account: ThrottleKey, address: ThrottleKey?) {
        let name = "user:\(workplaceSlug)/\(username)"
        let account = ThrottleKey(
            address.map { "\(name)@\($0)" } ?? name, limit: policy.maxFailuresPerAccount, window: policy.window, lockout: policy.lockout)
        let addressKey = address.map {
            ThrottleKey("addr:\($0)", limit: policy.maxFailuresPerAddress, window: policy.window, lockout: policy.lockout)
        }
        return (account, addressKey)
    }

    /// Counts one signup (or new workplace) from `address`, refusing with ``AccountRefusal/signupThrottled(retryAfterSeconds:)`` when
    /// the address has used up its allowance. Counted before any work is done, success or not.
    static func countSignup(address: String?, policy: LoginThrottlePolicy, in pool: PostgresPool) async throws {
        guard let address else { return }
        let key = ThrottleKey(
            "signup:\(address)", limit: policy.maxSignupsPerAddress, window: policy.signupWindow, lockout: policy.signupWindow)
        do {
            _ = try await reserve([key], in: pool)
        } catch let refusal as ThrottleRefusal {
            throw AccountRefusal.signupThrottled(retryAfterSeconds: refusal.retryAfterSeconds)
        }
    }
}
