/// When the client sends a state-changing request again whose answer was lost: no answer at all
/// (the connection failed or broke off), 503 (the server lost its database for a moment, as in a
/// failover), or 409 `idempotency_key_in_use` (the first attempt is still running). Every such
/// request carries an `Idempotency-Key`, so the server acts once and answers a retry with the first
/// answer (docs/idempotency.md). Reads are never retried: a failed read is simply reported.
public struct RetryPolicy: Sendable, Hashable {
    /// The wait before each retry; its length is how many retries there are.
    public var delays: [Duration]
    /// A server's `Retry-After` is honoured up to this.
    public var maximumWait: Duration

    public init(delays: [Duration], maximumWait: Duration = .seconds(30)) {
        self.delays = delays
        self.maximumWait = maximumWait
    }

    /// Three retries over about seven seconds: long enough for a database failover.
    public static let standard = RetryPolicy(delays: [.seconds(1), .seconds(2), .seconds(4)])

    /// No retries (one attempt).
    public static let never = RetryPolicy(delays: [])

    /// The wait before retry number `retry` (1-based), or nil when the retries are used up.
    func wait(beforeRetry retry: Int, retryAfterSeconds: Int?) -> Duration? {
        guard retry >= 1, retry <= delays.count else { return nil }
        let asked = retryAfterSeconds.map { Duration.seconds(max(0, $0)) } ?? .zero
        return min(maximumWait, max(delays[retry - 1], asked))
    }
}

/// What the client tells its user while it waits to send a request again.
public struct RetryNotice: Sendable, Hashable {
    /// 1 for the first retry.
    public var retry: Int
    public var retries: Int
    public var wait: Duration
    /// Why: the transport failure, or the HTTP status.
    public var reason: String
}
