import CLibPQ
import Logging

/// One libpq connection.
///
/// Every call blocks the calling thread, so connections are only used inside pool closures that run
/// on the pool's own threads, never on an event loop or the cooperative thread pool. Not `Sendable`:
/// a connection belongs to whoever holds it at the moment.
public final class PostgresConnection {
    let handle: OpaquePointer
    private var isClosed = false
    /// Bookkeeping for the pool: when the connection was last handed back.
    var lastReleased: ContinuousClock.Instant = .now
    /// Set by the pool when a sibling connection turned out dead (the server probably restarted):
    /// check this one before handing it out.
    var needsValidation = false
    /// Set when the server answered with an error that means this node cannot serve us any more
    /// (a standby after a failover, a shutting-down server): the pool replaces the connection
    /// instead of reusing it. See ``PostgresSQLState/meansServerUnavailable``.
    private var reachedUnavailableServer = false
    /// How long one round trip may take (``PostgresConfiguration/effectiveRoundTripTimeout``); `nil`:
    /// no limit. The pool and the listener shorten it for their checks.
    public internal(set) var roundTripTimeout: Duration?
    /// Why we stopped waiting for the server and closed the socket (the round-trip deadline passed),
    /// `nil` while the connection is fine. Such a connection is never used again.
    var abandonment: String?
    /// Whether a round trip on this connection ran out of time: the server accepted our request and
    /// did not answer. The pool takes this as a sign that the server stopped answering.
    var ranOutOfTime = false
    /// When the server last answered on this connection (the pool's sign that it answers again).
    var lastAnswer: ContinuousClock.Instant?

    /// See ``PostgresConfiguration/queryObserver``.
    private var observer: (@Sendable (Duration, Bool) -> Void)?
    /// This connection's named prepared statements (see PostgresConnection+PreparedStatements.swift).
    var statements: PreparedStatementCache

    private init(handle: OpaquePointer) {
        self.handle = handle
        self.statements = PreparedStatementCache(backendPID: PQbackendPID(handle))
    }

    deinit {
        close()
    }

    /// Opens a standalone connection (outside any pool) and applies the per-connection settings of
    /// `configuration`. Blocks: call it only from a thread that may block, e.g. inside a pool closure.
    public static func connect(configuration: PostgresConfiguration) throws -> PostgresConnection {
        // Our defaults first: values in the connection string itself override them.
        let parameters = PostgresConnectionDefaults.parameters(for: configuration)
        let keywords = CStringArray(parameters.map(\.keyword) + [nil])
        let values = CStringArray(parameters.map(\.value) + [nil])
        guard let handle = PQconnectdbParams(keywords.pointers, values.pointers, 1) else {
            throw PostgresError(kind: .connection, message: "libpq could not allocate a connection")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = Self.errorMessage(handle)
            PQfinish(handle)
            throw PostgresError(kind: .connection, message: message)
        }
        // Server NOTICEs ("relation already exists, skipping") would otherwise be printed to
        // stderr by libpq; they carry nothing a caller acts on.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        // Requests are sent without blocking so that every wait, also for a full send buffer, goes
        // through the round-trip deadline (PostgresConnection+RoundTrip.swift).
        PQsetnonblocking(handle, 1)
        let connection = PostgresConnection(handle: handle)
        connection.roundTripTimeout = configuration.effectiveRoundTripTimeout
        connection.observer = configuration.queryObserver
        connection.statements = PreparedStatementCache(backendPID: connection.backendPID, capacity: configuration.preparedStatementCapacity)
        if let timeout = configuration.statementTimeout {
            try connection.execute("SET statement_timeout = \(sql: String(timeout.wholeMilliseconds))")
        }
        return connection
    }

    /// The value libpq uses for the connection parameter `keyword` (tests check our defaults).
    func option(_ keyword: String) -> String? {
        guard let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let name = option.pointee.keyword {
            if String(cString: name) == keyword { return option.pointee.val.map { String(cString: $0) } }
            option += 1
        }
        return nil
    }

    /// The server process serving this connection (what `pg_terminate_backend` takes).
    public var backendPID: Int32 { PQbackendPID(handle) }

    /// `false` once libpq has noticed that the connection is broken.
    public var isUsable: Bool { !isClosed && !reachedUnavailableServer && abandonment == nil && PQstatus(handle) == CONNECTION_OK }

    /// Whether the connection is inside a transaction block (or a failed one).
    var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// Inside a transaction block that has not failed (after a failed statement only `ROLLBACK` works,
    /// and a `COMMIT` would roll back without an error).
    var isInOpenTransaction: Bool {
        PQtransactionStatus(handle) == PQTRANS_INTRANS
    }

    /// Runs one statement, its values bound where they are written (``PostgresQuery``), and
    /// returns its rows.
    public func query(_ query: PostgresQuery) throws -> PostgresRows {
        try self.query(query.sql, query.parameters)
    }

    /// Runs one statement, its values bound where they are written, and returns the number of rows
    /// it affected.
    @discardableResult
    public func execute(_ query: PostgresQuery) throws -> Int {
        try execute(query.sql, query.parameters)
    }

    /// Runs one statement with positional parameters and returns its rows.
    ///
    /// Values are sent separately from the SQL text (`$1`, `$2`…), never interpolated. Not public:
    /// statements outside this package are ``PostgresQuery`` values, their values bound where they
    /// are written instead of counted against a list (SQLCarriesNoPositionalParametersTests keeps
    /// `$n` out of the other modules' sources).
    package func query(_ sql: String, _ parameters: [any PostgresEncodable]) throws -> PostgresRows {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return Self.copyRows(result)
    }

    /// Runs one statement with parameters and returns the number of rows it affected.
    @discardableResult
    package func execute(_ sql: String, _ parameters: [any PostgresEncodable]) throws -> Int {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return Self.affectedRows(result)
    }

    /// Runs a trusted script that may contain several statements (migration files). Takes no
    /// parameters because the simple-query protocol cannot carry them.
    public func executeScript(_ sql: String) throws {
        try ensureOpen(sql)
        if sql.containsNUL {
            throw PostgresError(kind: .invalidArgument, message: "SQL text cannot contain NUL characters")
        }
        let started = ContinuousClock.now
        let result = exchange { PQsendQuery(handle, sql) }
        report(result, since: started)  // one round trip, however many commands the script holds
        try check(result, sql: sql)  // frees failed results itself
        PQclear(result)
    }

    /// Closes the connection; later calls fail with ``PostgresError/Kind/closed``. Pooled connections
    /// are closed by the pool, not by callers.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        PQfinish(handle)
    }

    private func ensureOpen(_ sql: String) throws {
        if let abandonment {
            throw PostgresError(kind: .connection, message: abandonment, query: sql)
        }
        if isClosed {
            throw PostgresError(kind: .closed, message: "connection is closed", query: sql)
        }
    }

    private func run(_ sql: String, _ parameters: [any PostgresEncodable]) throws -> OpaquePointer {
        try ensureOpen(sql)
        if sql.containsNUL {
            throw PostgresError(kind: .invalidArgument, message: "SQL text cannot contain NUL characters")
        }
        var types: [Oid] = []
        var texts: [String?] = []
        types.reserveCapacity(parameters.count)
        texts.reserveCapacity(parameters.count)
        for parameter in parameters {
            types.append(parameter.dynamicPostgresType.rawValue)
            texts.append(try parameter.postgresText())
        }
        let values = CStringArray(texts)
        let started = ContinuousClock.now
        let result = runStatement(sql, types: types, values: values)
        report(result, since: started)
        try check(result, sql: sql)
        guard let result else {
            throw PostgresError(kind: .connection, message: failureMessage, query: sql)
        }
        return result
    }

    /// Tells the ``PostgresConfiguration/queryObserver`` how long a round trip took and whether it failed.
    private func report(_ result: OpaquePointer?, since started: ContinuousClock.Instant) {
        guard let observer else { return }
        let status = result.map(PQresultStatus)
        observer(ContinuousClock.now - started, status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK)
    }

    /// Throws for failed results (and frees them); leaves successful ones to the caller.
    func check(_ result: OpaquePointer?, sql: String) throws {
        guard let result else {
            throw PostgresError(kind: .connection, message: failureMessage, query: sql)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return
        case PGRES_FATAL_ERROR, PGRES_NONFATAL_ERROR, PGRES_BAD_RESPONSE:
            let error = makeError(result, sql: sql)
            PQclear(result)
            throw error
        default:
            PQclear(result)
            throw PostgresError(kind: .invalidArgument, message: "COPY and other streaming statements are not supported", query: sql)
        }
    }

    private func makeError(_ result: OpaquePointer, sql: String) -> PostgresError {
        func field(_ code: Int32) -> String? {
            guard let value = PQresultErrorField(result, code) else { return nil }
            return String(cString: value)
        }
        let sqlState = field(Int32(UInt8(ascii: "C")))
        var message = field(Int32(UInt8(ascii: "M")))
            ?? Self.trimmed(String(cString: PQresultErrorMessage(result)))
        if message.isEmpty { message = Self.errorMessage(handle) }
        // A broken connection is a connection problem whatever the server said last (for example
        // 57P01 when it shut down): the pool must replace the connection.
        let kind: PostgresError.Kind
        if PQstatus(handle) != CONNECTION_OK {
            kind = .connection
        } else if let sqlState {
            let state = PostgresSQLState(code: sqlState)
            if state.meansServerUnavailable { reachedUnavailableServer = true }
            kind = .server(state)
        } else {
            kind = .connection
        }
        return PostgresError(
            kind: kind,
            message: message,
            sqlState: sqlState,
            detail: field(Int32(UInt8(ascii: "D"))),
            hint: field(Int32(UInt8(ascii: "H"))),
            constraint: field(Int32(UInt8(ascii: "n"))),
            table: field(Int32(UInt8(ascii: "t"))),
            column: field(Int32(UInt8(ascii: "c"))),
            query: sql
        )
    }

    /// Why the last request got no result: the deadline, else what libpq says.
    private var failureMessage: String {
        abandonment ?? Self.errorMessage(handle)
    }

    static func errorMessage(_ handle: OpaquePointer) -> String {
        guard let text = PQerrorMessage(handle) else { return "unknown libpq error" }
        let message = trimmed(String(cString: text))
        return message.isEmpty ? "unknown libpq error" : message
    }

    private static func trimmed(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return String(result)
    }

    private static func affectedRows(_ result: OpaquePointer) -> Int {
        guard let tuples = PQcmdTuples(result) else { return 0 }
        return Int(String(cString: tuples)) ?? 0
    }

    private static func copyRows(_ result: OpaquePointer) -> PostgresRows {
        let columnCount = Int(PQnfields(result))
        let rowCount = Int(PQntuples(result))
        var columns: [PostgresColumn] = []
        columns.reserveCapacity(columnCount)
        for column in 0..<columnCount {
            let name = PQfname(result, Int32(column)).map { String(cString: $0) } ?? "?column?"
            columns.append(PostgresColumn(name: name, type: PostgresTypeOID(rawValue: PQftype(result, Int32(column)))))
        }
        var cells: [String?] = []
        cells.reserveCapacity(rowCount * columnCount)
        for row in 0..<rowCount {
            for column in 0..<columnCount {
                if PQgetisnull(result, Int32(row), Int32(column)) != 0 {
                    cells.append(nil)
                } else if let value = PQgetvalue(result, Int32(row), Int32(column)) {
                    // libpq knows the length: no strlen per cell.
                    let length = Int(PQgetlength(result, Int32(row), Int32(column)))
                    cells.append(value.withMemoryRebound(to: UInt8.self, capacity: length) {
                        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                    })
                } else {
                    cells.append(nil)
                }
            }
        }
        return PostgresRows(columns: columns, cells: cells, affectedRows: affectedRows(result))
    }
}
