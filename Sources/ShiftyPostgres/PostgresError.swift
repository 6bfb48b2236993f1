/// Every failure ShiftyPostgres reports.
///
/// Server errors carry the fields of the PostgreSQL error report (`SQLSTATE`, message, detail,
/// constraint) so the HTTP layer can turn a unique violation into a 409 without parsing text.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Hashable {
        /// The connection could not be opened or broke while in use. The pool drops such connections.
        case connection
        /// The server rejected a statement.
        case server(PostgresSQLState)
        /// A value could not be converted to or from its PostgreSQL text form.
        case decoding
        /// No connection became free within ``PostgresConfiguration/acquireTimeout``.
        case poolTimeout
        /// The pool or listener was shut down.
        case closed
        /// The caller passed something that cannot be sent (for example a string containing NUL).
        case invalidArgument
    }

    public var kind: Kind
    public var sqlState: String?
    public var message: String
    public var detail: String?
    public var hint: String?
    public var constraint: String?
    public var table: String?
    public var column: String?
    /// The statement that failed, for logs. Never contains parameter values.
    public var query: String?

    public init(
        kind: Kind,
        message: String,
        sqlState: String? = nil,
        detail: String? = nil,
        hint: String? = nil,
        constraint: String? = nil,
        table: String? = nil,
        column: String? = nil,
        query: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.detail = detail
        self.hint = hint
        self.constraint = constraint
        self.table = table
        self.column = column
        self.query = query
    }

    /// The named SQLSTATE for server errors, `nil` for everything else.
    public var serverState: PostgresSQLState? {
        if case .server(let state) = kind { return state }
        return nil
    }

    /// Whether re-running the whole transaction could succeed (serialization failure, deadlock).
    public var isTransactionRetryable: Bool {
        serverState?.isTransactionRetryable ?? false
    }

    public var description: String {
        var text: String
        switch kind {
        case .connection: text = "PostgreSQL connection error"
        case .server(let state): text = "PostgreSQL error \(state.code)"
        case .decoding: text = "PostgreSQL decoding error"
        case .poolTimeout: text = "PostgreSQL pool timeout"
        case .closed: text = "PostgreSQL pool closed"
        case .invalidArgument: text = "invalid PostgreSQL argument"
        }
        if kind == .connection, let sqlState { text += " (\(sqlState))" }
        text += ": \(message)"
        if let detail { text += " DETAIL: \(detail)" }
        if let hint { text += " HINT: \(hint)" }
        if let constraint { text += " CONSTRAINT: \(constraint)" }
        return text
    }
}
