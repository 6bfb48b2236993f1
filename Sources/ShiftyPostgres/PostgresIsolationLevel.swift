/// Transaction isolation levels for ``PostgresPool/transaction(isolation:maxAttempts:_:)``.
public enum PostgresIsolationLevel: Sendable, Hashable {
    case readCommitted
    case repeatableRead
    case serializable

    /// Weakest first: a savepoint can keep its transaction's level or ask for a weaker one, never a
    /// stronger one (PostgreSQL fixes the level at the transaction's first statement).
    var strength: Int {
        switch self {
        case .readCommitted: 0
        case .repeatableRead: 1
        case .serializable: 2
        }
    }

    var sql: String {
        switch self {
        case .readCommitted: "READ COMMITTED"
        case .repeatableRead: "REPEATABLE READ"
        case .serializable: "SERIALIZABLE"
        }
    }
}
