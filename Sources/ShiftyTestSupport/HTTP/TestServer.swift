import Foundation
import Hummingbird
import Logging
import ShiftyPostgres
import ShiftySecurity
import ServiceLifecycle
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
        return configuration
    }

    /// Starts a server on a fresh database, runs `body`, then stops the server and drops the database.
    public static func with<T: Sendable>(
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: "shifty.test")
        logger.logLevel = ProcessInfo.processInfo.environment["SHIFTY_TEST_LOG"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        var configuration = defaultConfiguration()
        configure(&configuration)
        let database = try await TestDatabase.create(logger: logger)
        let passwords = try PasswordService(parameters: configuration.argon2, threads: 2)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = ShiftyApplication.build(
            configuration: configuration, pool: database.pool, passwords: passwords, logger: logger,
            onServerRunning: { port in continuation.yield(port) }
        )
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let running = Task { try await services.run() }
        let server: TestServer
        do {
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            server = TestServer(port: port, client: TestHTTPClient(port: port), pool: database.pool, configuration: configuration)
        }
        do {
            let result = try await body(server)
            await services.triggerGracefulShutdown()
            _ = await running.result
            try? await passwords.shutdown()
            await database.drop()
            return result
        } catch {
            await services.triggerGracefulShutdown()
            _ = await running.result
            try? await passwords.shutdown()
            await database.drop()
            throw error
        }
    }
}
