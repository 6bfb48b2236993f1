import Foundation
import Logging
import ServiceLifecycle
import ShiftyPostgres

/// Keeps every schedule eight weeks ahead and expires stale deals: once at server start, then
/// every `interval` (hourly by default, so each time zone's new day is picked up soon after
/// its midnight; generation is idempotent, so running often costs little).
///
/// With several instances running, a transaction-scoped advisory lock makes one of them do the
/// generation while the others skip it.
struct ScheduleMaintenanceService: Service {
    /// Advisory lock key shared by all instances ("shifty generation").
    static let lockKey: Int64 = 0x5348_4946_5459_0001

    let pool: PostgresPool
    let logger: Logger
    var interval: Duration = .seconds(3600)

    func run() async throws {
        while !Task.isCancelled {
            await runOnce()
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }

    /// One round: generate (if this instance got the lock), then expire due deals.
    func runOnce(asOf now: Date = Date()) async {
        do {
            let created = try await Self.generateOnce(pool: pool, asOf: now)
            if let created { logger.info("schedules generated", metadata: ["shifts_created": "\(created)"]) }
            let expired = try await MarketplaceExecutor(pool: pool, logger: logger).expireDue(now: now)
            if expired > 0 { logger.info("deals expired", metadata: ["count": "\(expired)"]) }
        } catch {
            logger.error("schedule maintenance failed: \(error)")
        }
    }

    /// Generates for all workplaces unless another instance holds the lock (`nil` then).
    static func generateOnce(pool: PostgresPool, asOf now: Date) async throws -> Int? {
        try await pool.transaction { connection -> Int? in
            let locked: Bool = try connection.query("SELECT pg_try_advisory_xact_lock($1) AS locked", [lockKey])[0].decode("locked")
            guard locked else { return nil }
            return try ScheduleGenerator.generate(asOf: now, on: connection)
        }
    }
}

