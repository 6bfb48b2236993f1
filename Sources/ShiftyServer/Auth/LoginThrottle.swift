import Foundation
import ShiftyPostgres

/// Limits password guessing per account and per client address.
///
/// Counters live in PostgreSQL so that every instance behind the load balancer sees the same
/// numbers. A key is blocked once it reaches `maxFailures` within `window`, for `lockout`.
public struct LoginThrottlePolicy: Sendable {
    public var maxFailuresPerAccount: Int = 5
    public var maxFailuresPerAddress: Int = 30
    public var window: Duration = .seconds(15 * 60)
    public var lockout: Duration = .seconds(15 * 60)

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

    static func clear(key: String, on connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM login_throttle WHERE key = $1", [key])
    }
}
