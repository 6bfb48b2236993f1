import Foundation
import Logging
import ShiftyPostgres

/// The PostgreSQL server the tests run against.
///
/// `make test` sets `SHIFTY_TEST_PG` to a superuser conninfo of a running cluster. Without it, a
/// cluster under `<repo>/.shifty/test-postgres` is started (once per process, and guarded by a
/// file lock against other test processes) so a plain `swift test` works too.
public enum TestPostgres {
    /// The environment variable holding the admin connection string.
    public static let environmentVariable = "SHIFTY_TEST_PG"

    /// A superuser connection string for the test cluster.
    public static func adminConnectionString() async throws -> String {
        if let configured = ProcessInfo.processInfo.environment[environmentVariable], !configured.isEmpty {
            return configured
        }
        return try await EmbeddedTestCluster.shared.connectionString()
    }
}
