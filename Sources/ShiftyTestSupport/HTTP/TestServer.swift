import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import ShiftyFeatures
import ShiftyPostgres
import ShiftySecurity
import ShiftyServer

/// Runs the real Shifty application on an ephemeral loopback port against an isolated test
/// database, for the duration of a test body.
public struct TestServer: Sendable {
    public let port: Int
    public let client: TestHTTPClient
    public let pool: PostgresPool
    public let configuration: ServerConfiguration

    public static var repositoryRoot: URL { ResourceLocator.repositoryRoot(fromSourceFile: #filePath) }

    /// Test defaults: cheap Argon2 parameters, signup allowed, the repository's sql/ and web/.
    public static func defaultConfiguration() -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.allowSignup = true
        configuration.argon2 = .testing
        configuration.migrationsDirectory = repositoryRoot.appendingPathComponent("sql")
        configuration.webRoot = repositoryRoot.appendingPathComponent("web")
        // A readiness check may have to open its connection first, which on a loaded CI machine
        // took over 10 s; tests of the timeout itself set their own.
        configuration.readinessTimeout = .seconds(30)
        return configuration
    }

    /// The database's libpq connection string (another instance can share it).
    public let connectionString: String

    /// Starts a server on a fresh database, runs `body`, then stops the server and drops the database.
    public static func with<T: Sendable>(
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var configuration = defaultConfiguration()
        configuration.instanceName = "A"
        configure(&configuration)
        let logger = makeLogger()
        let database = try await TestDatabase.create(logger: logger)
        do {
            let result = try await run(configuration: configuration, pool: database.pool, connectionString: database.connectionString, logger: logger, body)
            await database.drop()
            return result
        } catch {
            await database.drop()
            throw error
        }
    }

    /// Starts a server on a pool the test made (a database of its own, a proxy in between); the
    /// database must be migrated already. The pool is left to the caller.
    public static func with<T: Sendable>(
        pool: PostgresPool,
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var configuration = defaultConfiguration()
        configuration.instanceName = "A"
        configure(&configuration)
        return try await run(
            configuration: configuration, pool: pool, connectionString: pool.configuration.connectionString, logger: makeLogger(), body)
    }

    /// Starts a second instance of the server on the same database (its own pool, LISTEN connection
    /// and port), as a scaled-out deployment runs them; stops it after `body`. `connectionString`
    /// reaches the same database another way (through a proxy), `configurePool` and `configure`
    /// change its pool's and server's settings.
    public func withAnotherInstance<T: Sendable>(
        named name: String = "B",
        connectionString: String? = nil,
        configurePool: (inout PostgresConfiguration) -> Void = { _ in },
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var configuration = self.configuration
        configuration.instanceName = name
        configuration.migrateOnStart = false
        configure(&configuration)
        let connectionString = connectionString ?? self.connectionString
        let logger = Self.makeLogger()
        var poolConfiguration = PostgresConfiguration(
            connectionString: connectionString, poolSize: 4, acquireTimeout: TestDatabase.acquireTimeout, connectTimeout: TestDatabase.connectTimeout)
        poolConfiguration.checkTimeout = TestDatabase.checkTimeout
        configurePool(&poolConfiguration)
        let pool = PostgresPool(configuration: poolConfiguration, logger: logger)
        do {
            let result = try await Self.run(configuration: configuration, pool: pool, connectionString: connectionString, logger: logger, body)
            await pool.shutdown()
            return result
        } catch {
            await pool.shutdown()
            throw error
        }
    }

    static func makeLogger() -> Logger {
        var logger = Logger(label: "shifty.test")
        logger.logLevel = ProcessInfo.processInfo.environment["SHIFTY_TEST_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        return logger
    }

    /// Runs the application on `pool` for the duration of `body`, then shuts it down gracefully.
    static func run<T: Sendable>(
        configuration: ServerConfiguration, pool: PostgresPool, connectionString: String, logger: Logger,
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let passwords = try PasswordService(parameters: configuration.argon2, threads: 2)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = ShiftyApplication.build(
            configuration: configuration, pool: pool, passwords: passwords, logger: logger,
            onServerRunning: { port in continuation.yield(port) }
        )
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let running = Task { try await services.run() }
        let server: TestServer
        do {
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            server = TestServer(
                port: port, client: TestHTTPClient(port: port), pool: pool, configuration: configuration,
                connectionString: connectionString)
        }
        do {
            let result = try await body(server)
            await services.triggerGracefulShutdown()
            _ = await running.result
            try? await passwords.shutdown()
            return result
        } catch {
            await services.triggerGracefulShutdown()
            _ = await running.result
            try? await passwords.shutdown()
            throw error
        }
    }
}
