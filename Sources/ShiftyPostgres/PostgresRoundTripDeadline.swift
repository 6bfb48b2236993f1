/// When the wait for one answer from PostgreSQL ends, as `poll()` timeouts: pure arithmetic, so the
/// rounding is tested without a server.
struct PostgresRoundTripDeadline: Sendable, Equatable {
    /// `nil`: no deadline, wait as long as it takes.
    let expires: ContinuousClock.Instant?

    init(startingAt start: ContinuousClock.Instant, timeout: Duration?) {
        expires = timeout.map { start + $0 }
    }

    /// Milliseconds to hand to `poll()` at `now`: -1 without a deadline, 0 once it passed, else the
    /// time left rounded up (a wait never ends a fraction of a millisecond early and spins).
    func pollTimeout(now: ContinuousClock.Instant) -> Int32 {
        guard let expires else { return -1 }
        guard now < expires else { return 0 }
        return Int32(clamping: (expires - now).wholeMilliseconds)
    }

    func hasPassed(at now: ContinuousClock.Instant) -> Bool {
        expires.map { now >= $0 } ?? false
    }
}
