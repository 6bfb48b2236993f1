import Foundation

extension PostgresPool {
    /// How long the recovery checks pause between attempts while the server does not answer.
    static let recoveryCheckInterval: Duration = .milliseconds(500)

    /// Runs `body` on the pool's own check connection and waits at most `timeout` for it: what a
    /// readiness probe needs. It never queues behind the pool's connections (a frozen server can
    /// hold all of them until their deadline) and answers within `timeout` also when opening the
    /// connection hangs (a frozen server accepts TCP connections but never completes the login).
    ///
    /// Every round trip of `body` has `timeout` as its deadline; one that runs past it counts like
    /// any pool round trip that ran out of time (``isServerUnresponsive``), and an answer ends that
    /// state. When the caller stops waiting the check still finishes in the background, bounded by
    /// its deadline and `connect_timeout`; checks that arrive meanwhile wait for it and are skipped
    /// if their own caller gave up first. The connection counts against `max_connections` like the
    /// pool's (opened by the first check).
    public func probe<T: Sendable>(
        within timeout: Duration, _ body: @escaping @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        let answer = ProbeAnswer<T>()
        return try await withCheckedThrowingContinuation { continuation in
            answer.install(continuation)
            let timer = Task {
                try? await Task.sleep(for: timeout)
                answer.resolve(.failure(PostgresError(
                    kind: .connection,
                    message: "PostgreSQL did not answer a check within \(PostgresConnection.describe(timeout))")))
            }
            answer.onResolve { timer.cancel() }
            probeLane.run { [self] isStopped, connection in
                if isStopped {
                    answer.resolve(.failure(PostgresError(kind: .closed, message: "the PostgreSQL pool is shut down")))
                    return connection
                }
                // The caller gave up while an earlier check held the lane: nobody wants this answer.
                guard !answer.isResolved else { return connection }
                let (result, kept) = check(on: connection, timeout: timeout, body)
                answer.resolve(result)
                return kept
            }
        }
    }

    /// One check on the lane's thread: opens the connection if needed, runs `body` with `timeout`
    /// per round trip, tells the pool what it learned, and returns the connection to keep.
    private func check<T>(
        on existing: PostgresConnection?, timeout: Duration, _ body: (PostgresConnection) throws -> T
    ) -> (Result<T, any Error>, PostgresConnection?) {
        var connection = existing
        if let current = connection, !current.isUsable {
            current.close()
            connection = nil
        }
        if connection == nil {
            var checkConfiguration = configuration
            checkConfiguration.roundTripTimeout = timeout
            do {
                connection = try PostgresConnection.connect(configuration: checkConfiguration)
            } catch {
                // Refused or timed out while connecting: not a round trip that ran out of time, so
                // it changes nothing for the pool (connections it holds may still work).
                return (.failure(error), nil)
            }
        }
        guard let connection else { return (.failure(PostgresError(kind: .closed, message: "no check connection")), nil) }
        let result = connection.withRoundTripTimeout(timeout) { () -> Result<T, any Error> in
            let result = Result { try body(connection) }
            if connection.isUsable, connection.isInTransaction {
                _ = try? connection.execute("ROLLBACK")
            }
            return result
        }
        if connection.ranOutOfTime {
            serverStoppedAnswering()
        } else if let answered = connection.lastAnswer {
            serverAnswered(at: answered)
        }
        guard connection.isUsable else {
            connection.close()
            return (result, nil)
        }
        return (result, connection)
    }

    /// While the server is taken to be unresponsive, checks every ``recoveryCheckInterval`` whether it
    /// answers again (which lets the pool serve callers again). One loop per pool.
    func startRecoveryChecks() {
        let start = isCheckingRecovery.withLock { running in
            if running { return false }
            running = true
            return true
        }
        guard start else { return }
        Task { [weak self] in
            while let pool = self, pool.isServerUnresponsive, !pool.isShutDown {
                _ = try? await pool.probe(within: pool.configuration.checkTimeout) { try $0.execute("SELECT 1") }
                guard pool.isServerUnresponsive else { break }
                try? await Task.sleep(for: Self.recoveryCheckInterval)
            }
            guard let pool = self else { return }
            pool.isCheckingRecovery.withLock { $0 = false }
            // Stopped answering again between the last check and now: keep checking.
            if pool.isServerUnresponsive, !pool.isShutDown { pool.startRecoveryChecks() }
        }
    }
}

/// The answer to one ``PostgresPool/probe(within:_:)`` call: the first of the check's result and the
/// caller's timeout wins; the other is ignored.
final class ProbeAnswer<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var result: Result<T, any Error>?
    private var resolvedActions: [@Sendable () -> Void] = []

    func install(_ continuation: CheckedContinuation<T, any Error>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
    }

    var isResolved: Bool {
        lock.lock()
        defer { lock.unlock() }
        return result != nil
    }

    /// Runs `action` once the answer is known (at once if it is).
    func onResolve(_ action: @escaping @Sendable () -> Void) {
        lock.lock()
        if result != nil {
            lock.unlock()
            action()
            return
        }
        resolvedActions.append(action)
        lock.unlock()
    }

    func resolve(_ outcome: Result<T, any Error>) {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return
        }
        result = outcome
        let continuation = self.continuation
        self.continuation = nil
        let actions = resolvedActions
        resolvedActions.removeAll()
        lock.unlock()
        continuation?.resume(with: outcome)
        for action in actions { action() }
    }
}
