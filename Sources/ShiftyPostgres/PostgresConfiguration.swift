/// Everything a ``PostgresPool`` or ``PostgresListener`` needs to open connections.
///
/// The connection string is handed to libpq unchanged, so both key/value conninfo strings
/// (`host=/run/pg dbname=shifty`) and `postgres://` URLs work.
public struct PostgresConfiguration: Sendable {
    /// libpq conninfo or `postgres://` URL.
    public var connectionString: String
    /// Maximum number of connections the pool keeps open at once.
    public var poolSize: Int
    /// How long a caller waits for a free connection before getting ``PostgresError/Kind/poolTimeout``.
    public var acquireTimeout: Duration
    /// Applied with `SET statement_timeout` on every new connection so a runaway query cannot hold a
    /// connection (and the thread running it) forever. `nil` keeps the server default.
    public var statementTimeout: Duration?
    /// How long one round trip (a statement sent, its answer read) may take before we stop waiting,
    /// close the connection and report a ``PostgresError/Kind/connection`` error. `nil` (the default)
    /// means ``statementTimeout`` plus ``roundTripGrace``, and no limit when there is no statement
    /// timeout either (administrative pools that run long statements on purpose).
    ///
    /// This is what ends a wait on a server that stopped answering without closing the connection
    /// (a frozen process, a host gone from the network): TCP settings alone cannot, because the
    /// kernel of a frozen machine still acknowledges every packet. It is longer than the statement
    /// timeout so that a slow but live query is cancelled by PostgreSQL first (57014), which keeps
    /// the connection. See docs/database-availability.md.
    public var roundTripTimeout: Duration?
    /// How long a trivial check (`SELECT 1`) may take: validating an idle connection before reuse,
    /// the readiness probe and the probe that notices the server is back (``PostgresPool/probe(within:_:)``).
    public var checkTimeout: Duration = .seconds(3)
    /// Shows up in `pg_stat_activity.application_name`, which makes our sessions easy to find.
    public var applicationName: String
    /// libpq `connect_timeout`: how long opening one connection may take.
    public var connectTimeout: Duration
    /// Idle connections older than this are checked with a trivial query before being handed out,
    /// so a server restart is noticed before the caller's statements run.
    public var idleValidationInterval: Duration
    /// Told how long each parameterized statement took and whether it failed (metrics). Runs on the
    /// connection's thread right after the statement: keep it cheap.
    public var queryObserver: (@Sendable (_ elapsed: Duration, _ failed: Bool) -> Void)?
    /// Named prepared statements kept per connection (see ``PreparedStatementCache``): queries and data
    /// changes are prepared on first use and run by name afterwards, so PostgreSQL parses and plans
    /// each once per connection instead of on every call. 0 runs everything unnamed (benchmarks compare).
    public var preparedStatementCapacity: Int = 256

    /// What ``roundTripTimeout`` adds to the statement timeout by default: time for PostgreSQL to
    /// notice the timeout and for its answer to travel back.
    public static let roundTripGrace: Duration = .seconds(5)

    /// The round-trip limit in force: ``roundTripTimeout``, else ``statementTimeout`` plus
    /// ``roundTripGrace``; `nil` means none.
    public var effectiveRoundTripTimeout: Duration? {
        roundTripTimeout ?? statementTimeout.map { $0 + Self.roundTripGrace }
    }

    public init(
        connectionString: String,
        poolSize: Int = 8,
        acquireTimeout: Duration = .seconds(10),
        statementTimeout: Duration? = .seconds(30),
        applicationName: String = "shifty",
        connectTimeout: Duration = .seconds(10),
        idleValidationInterval: Duration = .seconds(5),
        roundTripTimeout: Duration? = nil
    ) {
        self.connectionString = connectionString
        self.poolSize = max(1, poolSize)
        self.acquireTimeout = acquireTimeout
        self.statementTimeout = statementTimeout
        self.applicationName = applicationName
        self.connectTimeout = connectTimeout
        self.idleValidationInterval = idleValidationInterval
        self.roundTripTimeout = roundTripTimeout
    }
}
