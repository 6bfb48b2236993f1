/// Backoff between transaction retries: exponential, capped, with jitter so that two transactions
/// that collided do not collide again in lockstep.
enum PostgresRetryBackoff {
    static let base: Duration = .milliseconds(5)
    static let cap: Duration = .milliseconds(250)

    /// A random delay in [ceiling/2, ceiling] where ceiling = min(cap, base · 2^(attempt-1)).
    static func delay(afterAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt - 1, 0), 16)
        let ceilingMilliseconds = min(cap.wholeMilliseconds, base.wholeMilliseconds << Int64(exponent))
        let lower = max(1, ceilingMilliseconds / 2)
        return .milliseconds(Int64.random(in: lower...max(lower, ceilingMilliseconds)))
    }
}
