extension PostgresPool {
    /// Runs `work` inside one transaction that every `transaction` and `withConnection` call of
    /// this pool made by `work` (and by the tasks it starts) joins (``PostgresAmbientTransaction``).
    ///
    /// `work` commits by calling ``PostgresAmbientTransaction/commit()``; whatever it did not commit
    /// is rolled back when it returns or throws. The connection is held for the whole of `work`.
    /// Nothing is retried here: the owner looks at ``PostgresAmbientTransaction/retryableFailure``.
    public func withAmbientTransaction<T: Sendable>(
        isolation: PostgresIsolationLevel = .readCommitted,
        _ work: (PostgresAmbientTransaction) async throws -> T
    ) async throws -> T {
        if PostgresAmbientTransaction.joinable(by: self) != nil {
            throw PostgresError(kind: .invalidArgument, message: "an ambient transaction is already open on this task")
        }
        let box = try await beginAmbient(isolation: isolation)
        let ambient = PostgresAmbientTransaction(pool: self, box: box, isolation: isolation)
        let result: Result<T, any Error>
        do {
            result = .success(try await PostgresAmbientTransaction.$current.withValue(ambient) { try await work(ambient) })
        } catch {
            result = .failure(error)
        }
        await ambient.end()
        // As after any other use: a round trip past its deadline means the server stopped answering.
        let ranOutOfTime = box.connection.ranOutOfTime
        if ranOutOfTime { serverStoppedAnswering() }
        release(box, answeredAt: ranOutOfTime ? nil : box.connection.lastAnswer)
        return try result.get()
    }

    /// A connection with `BEGIN` done. A connection found dead at `BEGIN` (typically right after a
    /// server restart) is replaced once, as ``transaction(isolation:planCaching:maxAttempts:_:)`` does.
    private func beginAmbient(isolation: PostgresIsolationLevel) async throws -> ConnectionBox {
        var retriedDeadConnection = false
        while true {
            let lease = try await acquire()
            let configuration = self.configuration
            let logger = self.logger
            let outcome: (box: ConnectionBox?, error: (any Error)?)
            do {
                outcome = try await threadPool.runIfActive { () -> (ConnectionBox?, (any Error)?) in
                    let box: ConnectionBox
                    do {
                        box = try Self.prepare(lease, configuration: configuration, logger: logger)
                    } catch {
                        return (nil, error)
                    }
                    do {
                        try box.connection.execute("BEGIN ISOLATION LEVEL \(sql: isolation.sql)")
                        return (box, nil)
                    } catch {
                        if !box.connection.isUsable { box.connection.close() }
                        return (box, error)
                    }
                }
            } catch {
                switch lease {
                case .connection(let box): release(box)
                case .openSlot: freeSlot()
                }
                throw PostgresError(kind: .closed, message: "the PostgreSQL pool is shut down")
            }
            guard let box = outcome.box else {
                freeSlot()
                throw outcome.error ?? PostgresError(kind: .connection, message: "no connection")
            }
            guard let error = outcome.error else { return box }
            release(box)
            if let failure = error as? PostgresError, failure.kind == .connection, !retriedDeadConnection {
                retriedDeadConnection = true
                logger.info("retrying BEGIN on a fresh connection", metadata: ["error": "\(failure.message)"])
                continue
            }
            throw error
        }
    }

    /// Runs `body` with `box`'s connection on one of the pool's threads (the caller holds the box).
    func run<T: Sendable>(on box: ConnectionBox, _ body: @Sendable (PostgresConnection) throws -> T) async throws -> T {
        let result: Result<T, any Error>
        do {
            result = try await withoutActuallyEscaping(body) { body in
                let bodyBox = BodyBox(body)
                defer { bodyBox.clear() }
                return try await threadPool.runIfActive { Result { try bodyBox.call(box.connection) } }
            }
        } catch {
            throw PostgresError(kind: .closed, message: "the PostgreSQL pool is shut down")
        }
        return try result.get()
    }
}
