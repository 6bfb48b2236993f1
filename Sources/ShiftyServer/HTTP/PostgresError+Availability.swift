import ShiftyPostgres

extension PostgresError {
    /// Failures that mean "the database is not there right now" rather than "this request is wrong":
    /// they answer 503 with Retry-After so clients and load balancers try again.
    var isConnectionProblem: Bool {
        switch kind {
        case .connection, .poolTimeout, .closed: return true
        // Includes 25006: a node that became a standby in a failover refuses writes; the pool
        // replaces that connection and the client's retry reaches the new primary.
        case .server(let state): return state.meansServerUnavailable
        default: return false
        }
    }
}
