import Hummingbird
import ShiftyPostgres

/// Liveness and readiness for load balancers and systemd.
///
/// `/healthz` says the process answers; `/readyz` says it can do real work: the database answers
/// and every migration in sql/ is applied (an instance started before a migration ran is not ready).
struct HealthRoutes {
    let pool: PostgresPool
    let migrations: MigrationRunner?

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
            do {
                _ = try await pool.query("SELECT 1")
                if let migrations {
                    let status = try await migrations.status(pool: pool)
                    if !status.pending.isEmpty || !status.tampered.isEmpty {
                        let names = (status.pending + status.tampered).map(\.fileName)
                        return try APIJSON.response(
                            Status(status: "migrations_pending", database: "ok", pendingMigrations: names), status: .serviceUnavailable
                        )
                    }
                }
                return try APIJSON.response(Status(status: "ok", database: "ok"))
            } catch {
                context.logger.warning("readiness check failed: \(error)")
                return try APIJSON.response(Status(status: "database_unavailable", database: "\(error)"), status: .serviceUnavailable)
            }
        }
    }
}
