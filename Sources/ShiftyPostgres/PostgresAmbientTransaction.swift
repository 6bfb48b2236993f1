/// One transaction held open across a piece of async work (an HTTP request carrying an
/// `Idempotency-Key`) which every ``PostgresPool/transaction(isolation:planCaching:maxAttempts:_:)``
/// and ``PostgresPool/withConnection(_:)`` call of the same pool made by that work, and by the
/// tasks it starts, joins.
///
/// Why it exists: a change and the record that it was made (the key with its stored answer) must
/// commit together or not at all, while the code that makes the change runs its own transactions
/// and knows nothing about keys. A joined call runs as a savepoint, so a refusal it throws still
/// undoes exactly what that call wrote and keeps what earlier calls wrote (a throttle counter, say);
/// the owner decides at the end whether all of it commits (``commit()``) or none of it does.
///
/// The connection serves one caller at a time: child tasks of the work queue up for it. Once the
/// owner's work is over the transaction is finished, and a task the work left behind that uses the
/// pool afterwards gets a connection of its own, as outside any ambient transaction.
///
/// A joined transaction cannot ask for a stronger isolation level than the ambient one has
/// (PostgreSQL fixes the level at a transaction's first statement): such a call throws
/// ``PostgresError/Kind/invalidArgument``. `genericPlans` (``PostgresPlanCaching``) in a joined call
/// lasts until the ambient transaction ends.
public final class PostgresAmbientTransaction: Sendable {
    /// The ambient transaction of the current task, bound by ``PostgresPool/withAmbientTransaction(isolation:_:)``.
    @TaskLocal static var current: PostgresAmbientTransaction?

    /// The one name of the joined calls' savepoints: calls never nest (a call's body is
    /// synchronous and cannot call the pool), so each releases it before the next sets it.
    static let savepoint = "shifty_ambient_step"

    public let isolation: PostgresIsolationLevel
    let pool: PostgresPool
    let box: PostgresPool.ConnectionBox
    private let gate = AsyncSerialGate()
    private let state = LockedBox(State())

    struct State {
        var isOpen = true
        var retryableFailure: PostgresError?
    }

    init(pool: PostgresPool, box: PostgresPool.ConnectionBox, isolation: PostgresIsolationLevel) {
        self.pool = pool
        self.box = box
        self.isolation = isolation
    }

    /// The ambient transaction a call on `pool` joins: the current task's, when it was opened on
    /// that very pool and is still open.
    static func joinable(by pool: PostgresPool) -> PostgresAmbientTransaction? {
        guard let current, current.pool === pool, current.isOpen else { return nil }
        return current
    }

    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// The serialization failure or deadlock a joined call ran into, if any. The whole ambient
    /// transaction is then doomed, whatever the work made of the error: its owner rolls back and
    /// runs the work again (``PostgresPool/transaction(isolation:planCaching:maxAttempts:_:)``
    /// retries such failures itself only outside an ambient transaction).
    public var retryableFailure: PostgresError? { state.withLock { $0.retryableFailure } }

    /// Runs the owner's own statements in the transaction (no savepoint: a failed statement fails
    /// the transaction, and ``commit()`` then refuses).
    public func run<T: Sendable>(_ body: @Sendable (PostgresConnection) throws -> T) async throws -> T {
        try await exclusively(body)
    }

    /// Commits everything the work and the owner wrote. Throws, having committed nothing, when a
    /// statement outside a savepoint failed earlier or the connection is gone; when the connection
    /// breaks during the `COMMIT` itself the outcome is unknown to us (which is why the owner stores
    /// what it needs to recognise a retry in this same transaction).
    public func commit() async throws {
        try await exclusively(finishing: true) { connection in
            guard connection.isInOpenTransaction else {
                throw PostgresError(
                    kind: connection.isUsable ? .invalidArgument : .connection,
                    message: "the ambient transaction failed before COMMIT; nothing of it was committed")
            }
            try connection.execute("COMMIT")
        }
    }

    /// Joins a call: runs `body` as a savepoint (see the type's documentation).
    func step<T: Sendable>(
        isolation requested: PostgresIsolationLevel?, planCaching: PostgresPlanCaching,
        _ body: @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        if let requested, requested.strength > isolation.strength {
            throw PostgresError(
                kind: .invalidArgument,
                message: "a \(requested.sql) transaction cannot join a \(isolation.sql) ambient transaction")
        }
        let savepoint = Self.savepoint
        do {
            return try await exclusively { connection in
                switch planCaching {
                case .serverDefault:
                    try connection.execute("SAVEPOINT \(sql: savepoint)")
                case .genericPlans:
                    try connection.executeScript("SAVEPOINT \(savepoint); SET LOCAL plan_cache_mode = force_generic_plan")
                }
                do {
                    let result = try body(connection)
                    guard connection.isInTransaction else {
                        throw PostgresError(kind: .invalidArgument, message: "a statement ended the ambient transaction")
                    }
                    try connection.execute("RELEASE SAVEPOINT \(sql: savepoint)")
                    return result
                } catch {
                    if connection.isUsable, connection.isInTransaction {
                        _ = try? connection.executeScript("ROLLBACK TO SAVEPOINT \(savepoint); RELEASE SAVEPOINT \(savepoint)")
                    }
                    throw error
                }
            }
        } catch let error as PostgresError where error.isTransactionRetryable {
            state.withLock { state in
                if state.retryableFailure == nil { state.retryableFailure = error }
            }
            throw error
        }
    }

    /// Ends the transaction for good: rolls back whatever was not committed and closes a broken
    /// connection. Waits for a caller still using the connection.
    func end() async {
        await gate.enter()
        defer { gate.leave() }
        state.withLock { $0.isOpen = false }
        _ = try? await pool.run(on: box) { connection in
            if connection.isUsable, connection.isInTransaction {
                _ = try? connection.execute("ROLLBACK")
            }
            if !connection.isUsable {
                connection.close()
            }
        }
    }

    /// One caller at a time; ``AmbientTransactionFinished`` once it is over. `finishing`: the
    /// transaction is over after `body`, before anyone else gets the connection.
    private func exclusively<T: Sendable>(
        finishing: Bool = false, _ body: @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        await gate.enter()
        defer { gate.leave() }
        guard isOpen else { throw AmbientTransactionFinished() }
        if finishing { state.withLock { $0.isOpen = false } }
        return try await pool.run(on: box, body)
    }
}

/// Internal marker: the ambient transaction a call wanted to join is over; the call runs on its own.
struct AmbientTransactionFinished: Error {}
