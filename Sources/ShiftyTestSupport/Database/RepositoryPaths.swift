import Foundation

/// Paths inside the repository, found from this source file's location so tests work from any
/// working directory.
public enum RepositoryPaths {
    /// `<repo>` (this file is `<repo>/Sources/ShiftyTestSupport/Database/RepositoryPaths.swift`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `<repo>/sql`, the application's migrations.
    public static var migrations: URL { root.appendingPathComponent("sql") }

    /// `<repo>/.shifty/test-postgres`, the cluster used when `SHIFTY_TEST_PG` is not set.
    public static var testCluster: URL { root.appendingPathComponent(".shifty/test-postgres") }
}
