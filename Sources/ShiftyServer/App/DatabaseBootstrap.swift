import Foundation
import Logging
import ShiftyPostgres

/// Resolves the database for `shifty serve` and `shifty migrate`: the configured URL, or the
/// embedded private cluster when none is configured.
public struct DatabaseBootstrap: Sendable {
    public let connectionString: String
    /// Set when we started a private cluster and so must stop it at shutdown.
    public let embedded: EmbeddedPostgres?

    public static func start(configuration: ServerConfiguration, logger: Logger) async throws -> DatabaseBootstrap {
        if let url = configuration.databaseURL, !url.isEmpty {
            return DatabaseBootstrap(connectionString: url, embedded: nil)
        }
        let dataDirectory = configuration.embeddedDataDirectory.standardizedFileURL
        logger.info("no database URL given: using the embedded PostgreSQL cluster", metadata: ["data": "\(dataDirectory.path)"])
        let cluster = EmbeddedPostgres(dataDirectory: dataDirectory, logger: logger)
        let connectionString = try await cluster.start()
        return DatabaseBootstrap(connectionString: connectionString, embedded: cluster)
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
