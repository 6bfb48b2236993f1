import Hummingbird
import ShiftyPostgres
import ShiftyServerCore

/// Liveness and readiness for load balancers and systemd.
///
/// `/healthz` says the process answers (it never touches the database); `/readyz` says it can do
/// real work: the database answers and every migration in sql/ is applied (an instance started
/// before a migration ran is not ready).
///
/// `/readyz` answers within ``readinessTimeout`` whatever the database does: it runs on the pool's
/// own check connection (``PostgresPool/probe(within:_:)``), so it neither queues behind requests
/// that hang on a frozen database nor waits for TCP to give up, and it says not ready at once while
/// the pool knows the database stopped answering. docs/database-availability.md.
struct HealthRoutes {
    let pool: PostgresPool
    let migrations: MigrationRunner?
    /// How long `/readyz` waits for the database before it says not ready.
    var readinessTimeout: Duration = .seconds(3)

    struct Status: Encodable {
        var status: String
        var database: String?
        var pendingMigrations: [String]?
    }

    func register(on router: Router<ShiftyRequestContext>) {
        router.get("healthz") { _, _ in
            try APIJSON.response(Status(status: "ok"))
        }
        router.get("readyz") { _, context in
            guard !pool.isServerUnresponsive else {
                return try APIJSON.response(
                    Status(status: "database_unavailable", database: "not answering (a request ran past its deadline)"),
                    status: .serviceUnavailable)
            }
            do {
                let migrations = self.migrations
                let status = try await pool.probe(within: readinessTimeout) { connection -> MigrationStatus? in
                    guard let migrations else {
                        try connection.execute("SELECT 1")
                        return nil
                    }
                    return try migrations.status(connection: connection)
                }
                if let status, !status.isUpToDate {
                    let names = (status.pending + status.tampered).map(\.fileName)
                    return try APIJSON.response(
                        Status(status: "migrations_pending", database: "ok", pendingMigrations: names), status: .serviceUnavailable
                    )
                }
                return try APIJSON.response(Status(status: "ok", database: "ok"))
            } catch {
                context.logger.warning("readiness check failed: \(error)")
                return try APIJSON.response(Status(status: "database_unavailable", database: "\(error)"), status: .serviceUnavailable)
            }
        }
    }
}
