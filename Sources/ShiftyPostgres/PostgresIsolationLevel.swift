/// Transaction isolation levels for ``PostgresPool/transaction(isolation:maxAttempts:_:)``.
public enum PostgresIsolationLevel: Sendable, Hashable {
    case readCommitted
    case repeatableRead
    case serializable

    var sql: String {
        switch self {
        case .readCommitted: "READ COMMITTED"
        case .repeatableRead: "REPEATABLE READ"
        case .serializable: "SERIALIZABLE"
        }
    }
}
