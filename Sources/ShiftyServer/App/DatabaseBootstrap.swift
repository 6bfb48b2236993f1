import Foundation
import Logging
import ShiftyFeatures
import ShiftyPostgres

/// Resolves the database for `shifty serve` and `shifty migrate`: the configured URL, or the
/// embedded private cluster when none is configured.
public struct DatabaseBootstrap: Sendable {
    public let connectionString: String
    /// Set when this process started the private cluster and so must stop it at shutdown; nil when
    /// a URL was configured or the cluster was already running (another `shifty` process owns it).
    public let embedded: EmbeddedPostgres?

    public static func start(configuration: ServerConfiguration, logger: Logger) async throws -> DatabaseBootstrap {
        if let url = configuration.databaseURL, !url.isEmpty {
            return DatabaseBootstrap(connectionString: url, embedded: nil)
        }
        let dataDirectory = configuration.embeddedDataDirectory.standardizedFileURL
        logger.info("no database URL given: using the embedded PostgreSQL cluster", metadata: ["data": "\(dataDirectory.path)"])
        // Stopped with this process however it ends: a killed server must not leave its cluster running.
        let cluster = EmbeddedPostgres(dataDirectory: dataDirectory, stopsWithThisProcess: true, logger: logger)
        let started = try await cluster.startIfNeeded()
        if !started.didStartServer {
            logger.info("the embedded PostgreSQL cluster is already running; leaving it running at exit")
        }
        return DatabaseBootstrap(connectionString: started.connectionString, embedded: started.didStartServer ? cluster : nil)
    }

    public func stop(logger: Logger) async {
        guard let embedded else { return }
        do {
            try await embedded.stop()
        } catch {
            logger.warning("could not stop the embedded PostgreSQL cluster: \(error)")
        }
    }
}
