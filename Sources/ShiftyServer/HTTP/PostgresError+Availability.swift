import ShiftyPostgres

extension PostgresError {
    /// Failures that mean "the database cannot serve this right now" rather than "this request is
    /// wrong": they answer 503 `database_unavailable` with Retry-After so clients and load balancers
    /// try again (docs/database-availability.md). Everything else that escapes a route is a bug and
    /// a 500.
    var isConnectionProblem: Bool {
        switch kind {
        // Includes a round trip that ran past its deadline (the connection was closed) and the
        // pool refusing callers while the server does not answer.
        case .connection, .poolTimeout, .closed: return true
        case .server(let state): return state.meansDatabaseUnavailable
        default: return false
        }
    }
}

extension PostgresSQLState {
    /// The server reached refused or gave up for reasons that pass:
    /// - a node that cannot serve us (``meansServerUnavailable``): class 08, 57P01-57P03, and 25006
    ///   (a node that became a standby in a failover refuses writes; the pool replaces that
    ///   connection and the client's retry reaches the new primary);
    /// - 57014, a statement cancelled by `statement_timeout` (or by an administrator): typically a
    ///   primary waiting for a standby during a failover, or a server too busy to finish in time;
    /// - 40001 and 40P01 that outlived the transaction's retries (heavy contention on the same rows);
    /// - 55P03, a lock not granted in time;
    /// - class 53, insufficient resources (out of memory, disk full, too many connections).
    var meansDatabaseUnavailable: Bool {
        if meansServerUnavailable || isTransactionRetryable { return true }
        switch self {
        case .queryCanceled, .lockNotAvailable: return true
        default: return code.hasPrefix("53")
        }
    }
}
