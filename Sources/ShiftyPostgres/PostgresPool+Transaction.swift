import Logging

extension PostgresPool {
    /// Runs `body` inside `BEGIN ISOLATION LEVEL …` / `COMMIT`, rolling back when it throws.
    ///
    /// Serialization failures (40001) and deadlocks (40P01) are expected under concurrency, so the
    /// whole body is re-run up to `maxAttempts` times with jittered exponential backoff. `body` must
    /// therefore have no side effects outside the database. If the connection turns out to be dead
    /// before any statement ran (typically right after a server restart), the transaction is retried
    /// once on a fresh connection. `planCaching` chooses how the transaction's prepared statements
    /// are planned (``PostgresPlanCaching``).
    ///
    /// Inside ``withAmbientTransaction(isolation:_:)`` on this pool, `body` runs as a savepoint of the
    /// ambient transaction: its refusal still undoes exactly what it wrote, but nothing is retried here
    /// (a serialization failure or deadlock dooms the whole ambient transaction, whose owner retries
    /// all of its work; ``PostgresAmbientTransaction/retryableFailure``).
    @discardableResult
    public func transaction<T: Sendable>(
        isolation: PostgresIsolationLevel = .readCommitted,
        planCaching: PostgresPlanCaching = .serverDefault,
        maxAttempts: Int = 5,
        _ body: @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        if let ambient = PostgresAmbientTransaction.joinable(by: self) {
            do {
                return try await ambient.step(isolation: isolation, planCaching: planCaching, body)
            } catch is AmbientTransactionFinished {
                // The work that opened it is over (this is a task it left behind): run on our own.
            }
        }
        let attempts = max(1, maxAttempts)
        var retriedDeadConnection = false
        var attempt = 1
        while true {
            do {
                return try await withConnection { connection in
                    do {
                        switch planCaching {
                        case .serverDefault:
                            try connection.execute("BEGIN ISOLATION LEVEL \(sql: isolation.sql)")
                        case .genericPlans:
                            // Two commands, one round trip (the simple-query protocol; no parameters).
                            try connection.executeScript(
                                "BEGIN ISOLATION LEVEL \(isolation.sql); SET LOCAL plan_cache_mode = force_generic_plan")
                        }
                    } catch let error as PostgresError where error.kind == .connection {
                        throw DeadConnectionBeforeBegin(underlying: error)
                    }
                    do {
                        let result = try body(connection)
                        try connection.execute("COMMIT")
                        return result
                    } catch {
                        if connection.isUsable, connection.isInTransaction {
                            _ = try? connection.execute("ROLLBACK")
                        }
                        throw error
                    }
                }
            } catch let failure as DeadConnectionBeforeBegin {
                guard !retriedDeadConnection else { throw failure.underlying }
                retriedDeadConnection = true
                logger.info("retrying a transaction on a fresh connection", metadata: ["error": "\(failure.underlying.message)"])
            } catch let error as PostgresError where error.isTransactionRetryable && attempt < attempts {
                let delay = PostgresRetryBackoff.delay(afterAttempt: attempt)
                logger.debug(
                    "retrying transaction",
                    metadata: ["sqlstate": "\(error.sqlState ?? "")", "attempt": "\(attempt)", "delay_ms": "\(delay.wholeMilliseconds)"]
                )
                attempt += 1
                try await Task.sleep(for: delay)
            }
        }
    }
}

/// Internal marker: `BEGIN` failed because the connection was already broken, so nothing of the
/// caller's transaction ran and it is safe to try again.
struct DeadConnectionBeforeBegin: Error {
    var underlying: PostgresError
}
