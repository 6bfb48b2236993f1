import Logging
import NIOCore
import NIOPosix

/// A fixed-size pool of libpq connections whose blocking calls run on the pool's own threads.
///
/// Callers `await`; the statements themselves execute on a private `NIOThreadPool` with one thread
/// per connection, so neither event loops nor the Swift cooperative pool are ever blocked.
/// Waiters are served first come, first served and give up after
/// ``PostgresConfiguration/acquireTimeout``. Broken connections are dropped and replaced, so the
/// pool recovers by itself after a PostgreSQL restart.
///
/// Every round trip has a deadline (``PostgresConfiguration/effectiveRoundTripTimeout``). When one
/// runs past it the server is taken to have stopped answering: until a round trip answers again the
/// pool refuses callers at once (a `.connection` error, 503 for HTTP clients) instead of letting
/// them hang on frozen connections, and a probe checks every half second whether it is back
/// (PostgresPool+Probe.swift).
public final class PostgresPool: Sendable {
    /// Moves a connection between tasks and threads; only one holder uses it at a time.
    struct ConnectionBox: @unchecked Sendable {
        let connection: PostgresConnection
    }

    /// What a waiting caller receives.
    enum Lease: Sendable {
        case connection(ConnectionBox)
        case openSlot
    }

    typealias Waiter = CheckedContinuation<Lease, any Error>
    typealias StateMachine = PostgresPoolStateMachine<ConnectionBox, Waiter>

    public let configuration: PostgresConfiguration
    let logger: Logger
    let threadPool: NIOThreadPool
    private let state: LockedBox<(machine: StateMachine, nextWaiterID: Int)>
    /// The checks' own connection and threads (PostgresPool+Probe.swift).
    let probeLane = PostgresProbeLane()
    /// Whether the loop that checks for recovery runs (PostgresPool+Probe.swift).
    let isCheckingRecovery = LockedBox(false)
    /// The clock of the waiters' deadlines.
    let clock: PostgresPoolClock
    /// How many times a caller checked a connection out (``checkoutCount``).
    private let checkouts = LockedBox(0)
    /// How many uses got a connection handed on instead (``handedOnCount``).
    private let handedOn = LockedBox(0)

    public convenience init(configuration: PostgresConfiguration, logger: Logger) {
        self.init(configuration: configuration, logger: logger, clock: .continuous)
    }

    init(configuration: PostgresConfiguration, logger: Logger, clock: PostgresPoolClock) {
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
        self.threadPool = NIOThreadPool(numberOfThreads: configuration.poolSize)
        self.state = LockedBox((StateMachine(maximumOpen: configuration.poolSize), 0))
        threadPool.start()
    }

    deinit {
        // A pool dropped without `shutdown()` must not leave its threads running forever.
        let (idle, _) = state.withLock { $0.machine.isShutDown ? ([], []) : $0.machine.shutDown() }
        for box in idle {
            box.connection.close()
        }
        threadPool.shutdownGracefully { _ in }
        probeLane.stop()
    }

    /// Whether the server is taken to have stopped answering (a round trip ran past its deadline
    /// and none answered since): callers are refused at once until it answers again.
    public var isServerUnresponsive: Bool {
        state.withLock { $0.machine.unresponsiveSince != nil }
    }

    /// How many times a caller checked a connection out since the pool started (a connection
    /// handed on by ``handingOnFirstCheckout(_:)`` counts once), for tests and benchmarks.
    public var checkoutCount: Int {
        checkouts.withLock { $0 }
    }

    /// How many uses got the connection of an earlier checkout handed on (``handingOnFirstCheckout(_:)``)
    /// instead of checking out, for tests and benchmarks.
    public var handedOnCount: Int {
        handedOn.withLock { $0 }
    }

    var isShutDown: Bool {
        state.withLock { $0.machine.isShutDown }
    }

    public var statistics: PostgresPoolStatistics {
        state.withLock { state in
            PostgresPoolStatistics(
                open: state.machine.openCount,
                inUse: state.machine.inUseCount,
                waiting: state.machine.waiters.count,
                maximum: state.machine.maximumOpen
            )
        }
    }

    /// Runs `body` with a connection on one of the pool's threads.
    ///
    /// A transaction left open by `body` is rolled back before the connection is reused.
    ///
    /// Inside ``withAmbientTransaction(isolation:_:)`` on this pool, `body` runs on the ambient
    /// transaction's connection instead, as a savepoint of it (see ``PostgresAmbientTransaction``).
    public func withConnection<T: Sendable>(
        _ body: @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        if let ambient = PostgresAmbientTransaction.joinable(by: self) {
            do {
                return try await ambient.step(isolation: nil, planCaching: .serverDefault, body)
            } catch is AmbientTransactionFinished {
                // The work that opened it is over (this is a task it left behind): run on our own.
            }
        }
        let lease = try await acquire()
        let configuration = self.configuration
        let logger = self.logger
        let outcome: (box: ConnectionBox?, result: Result<T, any Error>, ranOutOfTime: Bool)
        do {
            // The non-escaping body is only used while this call is suspended on the thread pool;
            // the box is emptied before returning so no reference to it outlives this call.
            outcome = try await withoutActuallyEscaping(body) { body in
                let bodyBox = BodyBox(body)
                defer { bodyBox.clear() }
                return try await threadPool.runIfActive { () -> (ConnectionBox?, Result<T, any Error>, Bool) in
                    let box: ConnectionBox
                    do {
                        box = try Self.prepare(lease, configuration: configuration, logger: logger)
                    } catch let failure as ValidationRanOutOfTime {
                        return (nil, .failure(failure.error), true)
                    } catch {
                        return (nil, .failure(error), false)
                    }
                    let result = Result { try bodyBox.call(box.connection) }
                    if box.connection.isUsable, box.connection.isInTransaction {
                        _ = try? box.connection.execute("ROLLBACK")
                    }
                    let ranOutOfTime = box.connection.ranOutOfTime
                    if !box.connection.isUsable {
                        box.connection.close()
                    }
                    return (box, result, ranOutOfTime)
                }
            }
        } catch {
            // The thread pool is shut down: give the lease back unused.
            switch lease {
            case .connection(let box): release(box)
            case .openSlot: freeSlot()
            }
            throw PostgresError(kind: .closed, message: "the PostgreSQL pool is shut down")
        }
        if outcome.ranOutOfTime {
            serverStoppedAnswering()
        }
        if let box = outcome.box {
            release(box, answeredAt: outcome.ranOutOfTime ? nil : box.connection.lastAnswer)
        } else {
            freeSlot()
        }
        return try outcome.result.get()
    }

    /// Runs one statement on any connection and returns its rows.
    public func query(_ query: PostgresQuery) async throws -> PostgresRows {
        try await withConnection { try $0.query(query) }
    }

    /// Runs one statement on any connection and returns the number of affected rows.
    @discardableResult
    public func execute(_ query: PostgresQuery) async throws -> Int {
        try await withConnection { try $0.execute(query) }
    }

    /// Runs one statement with positional parameters on any connection and returns its rows (within
    /// the package only, like ``PostgresConnection/query(_:_:)``).
    package func query(_ sql: String, _ parameters: [any PostgresEncodable]) async throws -> PostgresRows {
        try await withConnection { try $0.query(sql, parameters) }
    }

    /// Runs one statement with positional parameters on any connection and returns the number of affected rows.
    @discardableResult
    package func execute(_ sql: String, _ parameters: [any PostgresEncodable]) async throws -> Int {
        try await withConnection { try $0.execute(sql, parameters) }
    }

    /// Closes idle connections, fails waiters, and stops the threads once running work finished.
    public func shutdown() async {
        let (idle, waiters) = state.withLock { $0.machine.shutDown() }
        for waiter in waiters {
            waiter.resume(throwing: PostgresError(kind: .closed, message: "the PostgreSQL pool is shut down"))
        }
        // Closing talks to the server: do it on the pool's threads, not the caller's.
        _ = try? await threadPool.runIfActive {
            for box in idle {
                box.connection.close()
            }
        }
        try? await threadPool.shutdownGracefully()
        probeLane.stop()
    }

    // MARK: - Leasing

    func acquire() async throws -> Lease {
        // A connection kept for this use (``handingOnFirstCheckout(_:)``) is no new checkout.
        if let handoff = PostgresCheckoutHandoff.on(self), let box = handoff.take() {
            handedOn.withLock { $0 += 1 }
            return .connection(box)
        }
        checkouts.withLock { $0 += 1 }
        // The common case first, without a continuation (see `acquireWithoutWaiting`).
        switch state.withLock({ $0.machine.acquireWithoutWaiting() }) {
        case .use(let box):
            return .connection(box)
        case .open:
            return .openSlot
        case .fail:
            throw PostgresError(kind: .closed, message: "the PostgreSQL pool is shut down")
        case .refuse:
            throw Self.refusal
        case .wait, nil:
            break
        }
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        let deadline = clock.now() + configuration.acquireTimeout
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                let action = state.withLock { $0.machine.acquire(id: id, waiter: continuation, deadline: deadline) }
                switch action {
                case .use(let box):
                    continuation.resume(returning: .connection(box))
                case .open:
                    continuation.resume(returning: .openSlot)
                case .fail:
                    continuation.resume(throwing: PostgresError(kind: .closed, message: "the PostgreSQL pool is shut down"))
                case .refuse:
                    continuation.resume(throwing: Self.refusal)
                case .wait(let armTimer):
                    if armTimer {
                        startTimeoutTimer(until: deadline)
                    }
                    // Cancelled before we were queued: the cancellation handler found nothing to remove.
                    if Task.isCancelled, let waiter = state.withLock({ $0.machine.removeWaiter(id: id) }) {
                        waiter.resume(throwing: CancellationError())
                    }
                }
            }
        } onCancel: {
            if let waiter = state.withLock({ $0.machine.removeWaiter(id: id) }) {
                waiter.resume(throwing: CancellationError())
            }
        }
    }

    /// The pool's one timeout timer: sleeps until the earliest waiter's deadline, fails the waiters
    /// whose deadline passed, and stops once nobody waits.
    private func startTimeoutTimer(until deadline: ContinuousClock.Instant) {
        let clock = self.clock
        Task { [weak self] in
            var wakeAt = deadline
            while true {
                await clock.sleep(wakeAt)
                guard let self, let next = self.failExpiredWaiters() else { return }
                wakeAt = next
            }
        }
    }

    /// Fails the waiters whose deadline passed; returns when to check again (nil: nobody waits).
    private func failExpiredWaiters() -> ContinuousClock.Instant? {
        let (expired, next, statistics) = state.withLock { state in
            let (expired, next) = state.machine.timerFired(now: clock.now())
            let statistics = PostgresPoolStatistics(
                open: state.machine.openCount,
                inUse: state.machine.inUseCount,
                waiting: state.machine.waiters.count + expired.count,
                maximum: state.machine.maximumOpen
            )
            return (expired, next, statistics)
        }
        for waiter in expired {
            waiter.resume(
                throwing: PostgresError(
                    kind: .poolTimeout,
                    message: "no PostgreSQL connection became free within \(configuration.acquireTimeout) "
                        + "(\(statistics.inUse) of \(statistics.maximum) in use, \(statistics.waiting) waiting)"
                )
            )
        }
        return next
    }

    /// What callers get while the server does not answer.
    static let refusal = PostgresError(
        kind: .connection,
        message: "PostgreSQL stopped answering (a request ran past its deadline); not waiting for it until a check succeeds")

    /// A round trip ran past its deadline: refuse callers (and fail the queued ones) until the server
    /// answers again, close the idle connections, and start the probe that notices recovery.
    func serverStoppedAnswering() {
        let (idle, waiters, startChecking) = state.withLock { $0.machine.serverStoppedAnswering(at: .now) }
        for waiter in waiters {
            waiter.resume(throwing: Self.refusal)
        }
        if !idle.isEmpty {
            // Closing cannot block: connections send without blocking (PostgresConnection.connect).
            threadPool.submit { _ in
                for box in idle { box.connection.close() }
            }
        }
        if startChecking {
            logger.error("PostgreSQL stopped answering; refusing requests until it answers again")
            startRecoveryChecks()
        }
    }

    /// A round trip got its answer at `answered`: the server answers (again).
    func serverAnswered(at answered: ContinuousClock.Instant) {
        let recovered = state.withLock { state in
            state.machine.unresponsiveSince != nil && state.machine.serverAnswered(at: answered)
        }
        if recovered {
            logger.notice("PostgreSQL answers again")
        }
    }

    /// Takes a connection back. `answered` (when the server last answered on it) ends the
    /// unresponsive state when it is newer, in the same lock as the release.
    func release(_ box: ConnectionBox, answeredAt answered: ContinuousClock.Instant? = nil) {
        box.connection.lastReleased = .now
        // Kept for the next use of a `handingOnFirstCheckout` (still checked out).
        if let handoff = PostgresCheckoutHandoff.on(self), handoff.park(box) { return }
        let reusable = box.connection.isUsable
        let (action, recovered, stale) = state.withLock { state in
            if !reusable {
                // One dead connection usually means the server restarted: the idle ones are
                // probably dead too, so check them before their next use.
                for idle in state.machine.idle {
                    idle.connection.needsValidation = true
                }
            }
            let recovered = answered.map { state.machine.unresponsiveSince != nil && state.machine.serverAnswered(at: $0) } ?? false
            // Still unresponsive: this connection last answered before the server stopped, so it
            // is probably on the node that hangs. Closed, like the idle ones were.
            let stale = reusable && state.machine.unresponsiveSince != nil
            return (state.machine.release(box, reusable: reusable && !stale), recovered, stale)
        }
        if recovered {
            logger.notice("PostgreSQL answers again")
        }
        if stale {
            threadPool.submit { _ in box.connection.close() }
        }
        perform(action)
    }

    func freeSlot() {
        let action = state.withLock { $0.machine.freeSlot() }
        perform(action)
    }

    private func perform(_ action: StateMachine.ReleaseAction) {
        switch action {
        case .keep, .none:
            break
        case .handOver(let box, let waiter):
            waiter.resume(returning: .connection(box))
        case .openFor(let waiter):
            waiter.resume(returning: .openSlot)
        case .close(let box):
            // On a pool thread while the pool still runs; inline once its threads are gone.
            threadPool.submit { _ in box.connection.close() }
        }
    }

    /// Turns a lease into a usable connection: opens one for a free slot, and replaces an idle
    /// connection that turns out to be dead (checked when it sat idle for a while).
    static func prepare(_ lease: Lease, configuration: PostgresConfiguration, logger: Logger) throws -> ConnectionBox {
        switch lease {
        case .openSlot:
            return ConnectionBox(connection: try PostgresConnection.connect(configuration: configuration))
        case .connection(let box):
            let idleFor = ContinuousClock.now - box.connection.lastReleased
            var usable = box.connection.isUsable
            if usable, box.connection.needsValidation || idleFor >= configuration.idleValidationInterval {
                let connection = box.connection
                let limit = min(configuration.checkTimeout, connection.roundTripTimeout ?? configuration.checkTimeout)
                usable = (try? connection.withRoundTripTimeout(limit) { try connection.execute("SELECT 1") }) != nil
                box.connection.needsValidation = false
                if connection.ranOutOfTime {
                    // The server accepted the check and did not answer: a new connection would
                    // hang the same way (until connect_timeout), so fail now.
                    connection.close()
                    throw ValidationRanOutOfTime(
                        error: PostgresError(kind: .connection, message: connection.abandonment ?? "PostgreSQL did not answer"))
                }
            }
            if usable { return box }
            logger.info("replacing a broken PostgreSQL connection", metadata: ["backend_pid": "\(box.connection.backendPID)"])
            box.connection.close()
            return ConnectionBox(connection: try PostgresConnection.connect(configuration: configuration))
        }
    }
}

/// Internal marker: checking an idle connection before use ran past its deadline.
struct ValidationRanOutOfTime: Error {
    var error: PostgresError
}
