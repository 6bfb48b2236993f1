import Foundation
import Logging
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A PostgreSQL cluster owned by Shifty, for `shifty dev` and the tests: created with `initdb` on
/// first use, started with `pg_ctl`, listening on a Unix socket only (no TCP port to collide with
/// or to expose), and reused on the next start.
public struct EmbeddedPostgres: Sendable {
    public let dataDirectory: URL
    public let socketDirectory: URL
    public let port: Int
    /// The cluster's superuser (trust authentication over the socket).
    public let superuser = "shifty"
    /// The database `start()` creates and returns a connection string for.
    public let database = "shifty"
    /// Extra `-c name=value` server settings applied at every start (e.g. `max_connections`).
    public let serverSettings: [String: String]
    /// Whether a server this process starts is stopped when this process ends, however it ends
    /// (``ClusterSupervisor``): `shifty serve` and `migrate`. Tests keep their cluster between runs.
    public let stopsWithThisProcess: Bool
    let logger: Logger

    /// - Parameters:
    ///   - socketDirectory: defaults to `<data>-socket` beside the data folder (`.shifty/postgres-socket`),
    ///     so two clusters with data folders side by side never share a socket.
    ///   - port: only names the socket file (`.s.PGSQL.<port>`); no TCP port is opened.
    ///   - serverSettings: extra server settings; names must be identifiers.
    ///   - stopsWithThisProcess: stop a server started here when this process ends, even by SIGKILL.
    public init(
        dataDirectory: URL,
        socketDirectory: URL? = nil,
        port: Int = 5432,
        serverSettings: [String: String] = [:],
        stopsWithThisProcess: Bool = false,
        logger: Logger
    ) {
        self.serverSettings = serverSettings.filter { PostgresIdentifier.isValid($0.key) }
        self.stopsWithThisProcess = stopsWithThisProcess
        self.dataDirectory = dataDirectory.standardizedFileURL
        self.socketDirectory = (socketDirectory ?? dataDirectory.deletingLastPathComponent().appendingPathComponent("\(dataDirectory.lastPathComponent)-socket"))
            .standardizedFileURL
        self.port = port
        self.logger = logger
    }

    /// The server log, next to the data folder.
    public var logFile: URL {
        dataDirectory.deletingLastPathComponent().appendingPathComponent("postgres.log")
    }

    /// A connection string for `database` as the superuser.
    public func connectionString(database: String? = nil) -> String {
        PostgresConnectionString.make([
            ("host", socketDirectory.path), ("port", String(port)), ("user", superuser), ("dbname", database ?? self.database),
        ])
    }

    /// Serializes initdb/pg_ctl between processes using the same data folder.
    var lock: ClusterLock {
        ClusterLock(path: dataDirectory.path + ".lock", timeout: .seconds(120))
    }

    /// Initializes the cluster if needed, starts it unless it is already running, makes sure the
    /// `shifty` database exists, and returns a connection string for it.
    public func start() async throws -> String {
        try await startIfNeeded().connectionString
    }

    /// Like ``start()``, and also tells whether this call started the server (`false` when it was
    /// already running), so a caller only stops a server it started itself.
    public func startIfNeeded() async throws -> (connectionString: String, didStartServer: Bool) {
        try FileManager.default.createDirectory(at: dataDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try await lock.withLock { try await startLocked() }
    }

    private func startLocked() async throws -> (connectionString: String, didStartServer: Bool) {
        let binaries = try PostgresServerBinaries.locate()
        let owner = try ServerOwner.current()
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: socketDirectory, withIntermediateDirectories: true)
        if !fileManager.fileExists(atPath: logFile.path) {
            _ = fileManager.createFile(atPath: logFile.path, contents: nil)
        }
        let isInitialized = fileManager.fileExists(atPath: dataDirectory.appendingPathComponent("PG_VERSION").path)
        if let owner {
            try owner.take(socketDirectory)
            try owner.take(logFile)
            if !isInitialized { try owner.take(dataDirectory) }
        }

        if !isInitialized {
            logger.info("initializing a new PostgreSQL cluster in \(dataDirectory.path)")
            try await run(
                ExternalCommand(
                    executable: binaries.initdb,
                    arguments: ["-D", dataDirectory.path, "-U", superuser, "--auth=trust", "-E", "UTF8", "--locale=C"],
                    runAsUser: owner?.name
                ),
                failure: "initdb failed"
            )
        }

        let wasRunning = try await isRunning(binaries: binaries, owner: owner)
        if wasRunning {
            logger.info("PostgreSQL is already running", metadata: ["data": "\(dataDirectory.path)"])
        } else {
            try await startServer(binaries: binaries, owner: owner)
        }
        try await createDatabaseIfMissing()
        return (connectionString(), !wasRunning)
    }

    /// If a server already answers on the socket, makes sure the `shifty` database exists and
    /// returns its connection string; `nil` otherwise. Needs neither the binaries nor any lock.
    public func connectIfRunning() async -> String? {
        do {
            try await createDatabaseIfMissing()
            return connectionString()
        } catch {
            return nil
        }
    }

    /// Stops the server (`pg_ctl stop -m fast`: open sessions are disconnected). Does nothing if it
    /// is not running.
    public func stop() async throws {
        try await lock.withLock { try await stopLocked() }
    }

    private func stopLocked() async throws {
        // Its supervisor, if we started it, has nothing left to do once the server is stopped.
        defer { Self.supervisors.withLock { $0.removeValue(forKey: dataDirectory.path) }?.release() }
        let binaries = try PostgresServerBinaries.locate()
        let owner = try ServerOwner.current()
        guard try await isRunning(binaries: binaries, owner: owner) else { return }
        logger.info("stopping PostgreSQL", metadata: ["data": "\(dataDirectory.path)"])
        try await run(
            ExternalCommand(
                executable: binaries.pgCtl, arguments: ["stop", "-D", dataDirectory.path, "-m", "fast", "-w"], runAsUser: owner?.name
            ),
            failure: "pg_ctl stop failed"
        )
    }

    /// The supervisors of the clusters this process started, by data folder.
    private static let supervisors = LockedBox<[String: ClusterSupervisor]>([:])

    /// Stops and starts the server; existing connections break and must be replaced.
    public func restart() async throws {
        try await lock.withLock {
            try await stopLocked()
            let binaries = try PostgresServerBinaries.locate()
            try await startServer(binaries: binaries, owner: try ServerOwner.current())
        }
    }

    private func startServer(binaries: PostgresServerBinaries, owner: ServerOwner?) async throws {
        logger.info("starting PostgreSQL", metadata: ["data": "\(dataDirectory.path)", "socket": "\(socketDirectory.path)"])
        // pg_ctl hands -o to a shell, so the paths are single-quoted.
        var serverOptions = "-h '' -k \(Self.shellQuoted(socketDirectory.path)) -p \(port)"
        for (name, value) in serverSettings.sorted(by: { $0.key < $1.key }) {
            serverOptions += " -c \(Self.shellQuoted("\(name)=\(value)"))"
        }
        do {
            if stopsWithThisProcess {
                try await startSupervised(binaries: binaries, owner: owner, serverOptions: serverOptions)
            } else {
                try await run(
                    ExternalCommand(
                        executable: binaries.pgCtl,
                        arguments: ["start", "-w", "-t", "60", "-D", dataDirectory.path, "-l", logFile.path, "-o", serverOptions],
                        runAsUser: owner?.name
                    ),
                    failure: "pg_ctl start failed"
                )
            }
        } catch let error as EmbeddedPostgresError {
            let logTail = (try? String(contentsOf: logFile, encoding: .utf8)).map { String($0.suffix(2000)) } ?? ""
            throw EmbeddedPostgresError("\(error.message)\nlast lines of \(logFile.path):\n\(logTail)")
        }
    }

    /// `pg_ctl start` run by a ``ClusterSupervisor``, which stops the server once this process is gone.
    private func startSupervised(binaries: PostgresServerBinaries, owner: ServerOwner?, serverOptions: String) async throws {
        let dataDirectory = self.dataDirectory.path
        let arguments = ["-w", "-t", "60", "-l", logFile.path, "-o", serverOptions]
        let (supervisor, outcome) = try await NIOThreadPool.singleton.runIfActive {
            try ClusterSupervisor.start(pgCtl: binaries.pgCtl, dataDirectory: dataDirectory, arguments: arguments, runAsUser: owner?.name)
        }
        guard let supervisor else {
            throw EmbeddedPostgresError(
                "pg_ctl start failed (exit status \(outcome.status)): \(binaries.pgCtl) start -D \(dataDirectory) \(arguments.joined(separator: " "))\n\(outcome.output)")
        }
        Self.supervisors.withLock { $0.updateValue(supervisor, forKey: dataDirectory) }?.release()
    }

    private func isRunning(binaries: PostgresServerBinaries, owner: ServerOwner?) async throws -> Bool {
        let outcome = try await ExternalCommand(
            executable: binaries.pgCtl, arguments: ["status", "-D", dataDirectory.path], runAsUser: owner?.name
        ).run()
        return outcome.status == 0
    }

    private func run(_ command: ExternalCommand, failure: String) async throws {
        let outcome = try await command.run()
        guard outcome.status == 0 else {
            throw EmbeddedPostgresError("\(failure) (exit status \(outcome.status)): \(command.displayText)\n\(outcome.output)")
        }
    }

    private func createDatabaseIfMissing() async throws {
        let configuration = PostgresConfiguration(
            connectionString: connectionString(database: "postgres"), statementTimeout: nil, connectTimeout: .seconds(5)
        )
        let database = self.database
        let logger = self.logger
        try await NIOThreadPool.singleton.runIfActive {
            let connection = try PostgresConnection.connect(configuration: configuration)
            defer { connection.close() }
            let existing = try connection.query("SELECT 1 FROM pg_database WHERE datname = $1", [database])
            guard existing.isEmpty else { return }
            logger.info("creating database \(database)")
            do {
                try connection.execute("CREATE DATABASE \(sql: PostgresIdentifier.quoted(database))")
            } catch let error as PostgresError where error.sqlState == "42P04" {
                // Created concurrently by another process: fine.
            }
        }
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
