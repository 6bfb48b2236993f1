/// How the pool reads the time and sleeps until a waiter's deadline (``PostgresConfiguration/acquireTimeout``).
///
/// Always the continuous clock in production; tests pass a clock they move by hand, so which
/// deadline fired when is decided by the test and not by how busy the machine is.
struct PostgresPoolClock: Sendable {
    var now: @Sendable () -> ContinuousClock.Instant
    var sleep: @Sendable (ContinuousClock.Instant) async -> Void

    static let continuous = PostgresPoolClock(
        now: { .now },
        sleep: { deadline in try? await Task.sleep(until: deadline, clock: .continuous) }
    )
}
