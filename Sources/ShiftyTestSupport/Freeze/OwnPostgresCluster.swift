import Foundation
import Logging
import ShiftyPostgres

/// Runs `body` with a PostgreSQL cluster of its own in a temporary folder (Unix socket only), stopped
/// and removed afterwards, also when `body` throws. For tests that stop the server's processes: the
/// shared test cluster must keep answering the other tests.
public func withOwnPostgresCluster<T: Sendable>(
    _ prefix: String, logger: Logger, _ body: (EmbeddedPostgres, String) async throws -> T
) async throws -> T {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cluster = EmbeddedPostgres(
        dataDirectory: directory.appendingPathComponent("data"), socketDirectory: directory.appendingPathComponent("socket"),
        serverSettings: ["fsync": "off", "full_page_writes": "off", "synchronous_commit": "off"], logger: logger)
    let connectionString = try await cluster.start()
    do {
        let result = try await body(cluster, connectionString)
        try? await cluster.stop()
        return result
    } catch {
        try? await cluster.stop()
        throw error
    }
}
