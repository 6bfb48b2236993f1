import Logging
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServer

/// Opens the configured (or embedded) database for one command, and always closes it again.
///
/// Every command that touches the database needs the same sequence: start or reach PostgreSQL, open
/// a pool, run, then shut the pool down and stop the embedded cluster if this process started it,
/// also when the work failed. Failures are turned into messages that say what to do next.
enum DatabaseSession {
    static func run<T: Sendable>(
        configuration: ServerConfiguration, logger: Logger, poolSize: Int,
        queryObserver: (@Sendable (Duration, Bool) -> Void)? = nil,
        _ body: (PostgresPool) async throws -> T
    ) async throws -> T {
        let database: DatabaseBootstrap
        do {
            database = try await DatabaseBootstrap.start(configuration: configuration, logger: logger)
        } catch {
            throw CLIError.describe(error, configuration: configuration)
        }
        var poolConfiguration = PostgresConfiguration(
            connectionString: database.connectionString, poolSize: poolSize, roundTripTimeout: configuration.databaseRoundTripTimeout)
        poolConfiguration.queryObserver = queryObserver
        let pool = PostgresPool(configuration: poolConfiguration, logger: logger)
        let result: Result<T, any Error>
        do {
            result = .success(try await body(pool))
        } catch {
            result = .failure(error)
        }
        await pool.shutdown()
        await database.stop(logger: logger)
        return try result.mapError { CLIError.describe($0, configuration: configuration) }.get()
    }
}
