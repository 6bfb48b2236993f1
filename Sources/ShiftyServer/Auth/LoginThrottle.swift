import Foundation
import ShiftyPostgres

/// Limits password guessing per account and client address, per client address, and account
/// creation (signup, new workplaces) per client address.
///
/// Counters live in PostgreSQL so that every instance behind the load balancer sees the same
/// numbers. A key is blocked once it reaches `maxFailures` within `window`, for `lockout`.
///
/// The account lock is keyed by account *and* address: keyed by account alone, anyone could lock a
/// coworker out by typing five wrong passwords for them. Guessing one account from many addresses is
/// still bounded by the per-address limit of each address and by Argon2id's cost.
public struct LoginThrottlePolicy: Sendable {
    /// Failed logins for one account from one address.
    public var maxFailuresPerAccount: Int = 5
    public var maxFailuresPerAddress: Int = 30
    public var window: Duration = .seconds(15 * 60)
    public var lockout: Duration = .seconds(15 * 60)
    /// Signups and new workplaces from one address per `signupWindow` (each costs an Argon2id hash
    /// and creates rows; a team onboarding from one shop's Wi-Fi stays well below it).
    public var maxSignupsPerAddress: Int = 20
    public var signupWindow: Duration = .seconds(60 * 60)

    public init() {}
}

enum LoginThrottle {
    /// Seconds until the first of `keys` is unblocked, or nil when none is blocked.
    static func retryAfter(keys: [String], on connection: PostgresConnection) throws -> Int? {
        let rows = try connection.query(
            """
            SELECT ceil(extract(epoch FROM max(blocked_until) - now()))::bigint AS seconds
            FROM login_throttle WHERE key = ANY($1) AND blocked_until > now()
            """,
            [keys]
        )
        let seconds: Int64? = try rows.first?.decode("seconds")
        return seconds.map { max(1, Int($0)) }
    }

    /// Counts a failure for `key`; starts a new window when the old one has passed.
    static func recordFailure(key: String, limit: Int, policy: LoginThrottlePolicy, on connection: PostgresConnection) throws {
        try connection.execute(
            """
            INSERT INTO login_throttle AS t (key, failures, window_start) VALUES ($1, 1, now())
            ON CONFLICT (key) DO UPDATE SET
                failures = CASE WHEN t.window_start < now() - make_interval(secs => $2) THEN 1 ELSE t.failures + 1 END,
                window_start = CASE WHEN t.window_start < now() - make_interval(secs => $2) THEN now() ELSE t.window_start END,
                blocked_until = CASE
                    WHEN t.window_start >= now() - make_interval(secs => $2) AND t.failures + 1 >= $3
                    THEN now() + make_interval(secs => $4) ELSE t.blocked_until END
            """,
            [key, Double(policy.window.components.seconds), Int32(limit), Double(policy.lockout.components.seconds)]
        )
    }

    /// Keys of a login attempt: the account at this address (or the account alone when the address is
    /// unknown), and the address.
    static func loginKeys(workplaceSlug: String, username: String, address: String?) -> (account: String, address: String?) {
        let account = "user:\(workplaceSlug)/\(username)"
        guard let address else { return (account, nil) }
        return ("\(account)@\(address)", "addr:\(address)")
    }

    /// Counts one signup (or new workplace) from `address`, refusing with 429 `signup_throttled` when
    /// the address has used up its allowance. Counted before any work is done, success or not.
    static func countSignup(address: String?, policy: LoginThrottlePolicy, on connection: PostgresConnection) throws {
        guard let address else { return }
        let key = "signup:\(address)"
        if let retryAfter = try retryAfter(keys: [key], on: connection) {
            throw Problem(
                .tooManyRequests, code: .signupThrottled,
                text: .init("server.problem.signup_throttled.detail", ["seconds": String(retryAfter)]), retryAfterSeconds: retryAfter)
        }
        var signupPolicy = policy
        signupPolicy.window = policy.signupWindow
        signupPolicy.lockout = policy.signupWindow
        try recordFailure(key: key, limit: policy.maxSignupsPerAddress, policy: signupPolicy, on: connection)
    }

    static func clear(key: String, on connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM login_throttle WHERE key = $1", [key])
    }
}
