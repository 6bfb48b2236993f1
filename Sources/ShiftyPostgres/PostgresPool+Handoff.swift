extension PostgresPool {
    /// Runs `work`, keeping the connection of its first checkout of this pool for its second
    /// instead of giving it back and checking out again.
    ///
    /// For a request whose session lookup and the route's first reads should share one checkout
    /// (`CallerLookupMiddleware`). Between the two uses the connection stays checked out, idle and
    /// outside any transaction, so only wrap work that uses the pool again before anything slow
    /// (reading a body, hashing a password, waiting for a client). A third use, a use running
    /// alongside the first (`async let`), and any use once `work` returned (a task it left behind)
    /// check out as usual; a connection nobody took goes back when `work` returns. Nothing blocking
    /// runs on the caller's executor: every body still runs on the pool's threads.
    ///
    /// Inside an ambient transaction (``withAmbientTransaction(isolation:_:)``) every use joins it,
    /// so there is nothing to hand on and `work` simply runs.
    public func handingOnFirstCheckout<R>(_ work: () async throws -> R) async rethrows -> R {
        if PostgresAmbientTransaction.joinable(by: self) != nil || PostgresCheckoutHandoff.on(self) != nil {
            return try await work()
        }
        let handoff = PostgresCheckoutHandoff(pool: self)
        defer { handoff.finish() }
        return try await PostgresCheckoutHandoff.$current.withValue(handoff) { try await work() }
    }
}

/// The connection one ``PostgresPool/handingOnFirstCheckout(_:)`` keeps for the next use of
/// the pool: ``PostgresPool/release(_:answeredAt:)`` parks it here instead of giving it back, and
/// ``PostgresPool/acquire()`` takes it from here, once.
final class PostgresCheckoutHandoff: Sendable {
    @TaskLocal static var current: PostgresCheckoutHandoff?

    enum State {
        /// Nothing checked out yet.
        case awaitingFirst
        /// The first use runs on the connection it checked out: its release parks it.
        case collecting
        /// Parked for the next use.
        case parked(PostgresPool.ConnectionBox)
        /// Taken, or the work is over: the pool is used as usual.
        case spent
    }

    let pool: PostgresPool
    private let state = LockedBox(State.awaitingFirst)

    init(pool: PostgresPool) {
        self.pool = pool
    }

    /// The current task's handoff on `pool`, if any.
    static func on(_ pool: PostgresPool) -> PostgresCheckoutHandoff? {
        guard let current, current.pool === pool else { return nil }
        return current
    }

    /// For ``PostgresPool/acquire()``: the parked connection, once (nil: check out as usual; the
    /// first checkout marks the one whose release is parked).
    func take() -> PostgresPool.ConnectionBox? {
        state.withLock { state in
            switch state {
            case .awaitingFirst:
                state = .collecting
                return nil
            case .parked(let box):
                state = .spent
                return box
            case .collecting, .spent:
                return nil
            }
        }
    }

    /// For ``PostgresPool/release(_:answeredAt:)``: keeps the first use's connection for the next one;
    /// false when it is not that one, or it is broken or inside a transaction (released as usual).
    func park(_ box: PostgresPool.ConnectionBox) -> Bool {
        guard box.connection.isUsable, !box.connection.isInTransaction else { return false }
        return state.withLock { state in
            guard case .collecting = state else { return false }
            state = .parked(box)
            return true
        }
    }

    /// The work is over: a connection nobody took goes back to the pool.
    func finish() {
        let unused: PostgresPool.ConnectionBox? = state.withLock { state in
            defer { state = .spent }
            if case .parked(let box) = state { return box }
            return nil
        }
        if let unused { pool.release(unused) }
    }
}
