import ShiftyPostgres

extension PostgresError {
    /// Failures that mean "the database is not there right now" rather than "this request is wrong":
    /// they answer 503 with Retry-After so clients and load balancers try again.
    var isConnectionProblem: Bool {
        switch kind {
        case .connection, .poolTimeout, .closed: return true
        case .server(let state): return state == .adminShutdown || state.code.hasPrefix("08") || state.code == "57P03"
        default: return false
        }
    }
}
