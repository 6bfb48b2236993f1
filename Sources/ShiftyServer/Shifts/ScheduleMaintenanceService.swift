import Foundation
import Logging
import ServiceLifecycle
import ShiftyPostgres

/// Keeps every schedule eight weeks ahead, expires stale deals and forgets idempotency keys older
/// than 24 hours (``IdempotencyStore/sweep(asOf:on:)``).
///
/// Generation runs at server start and then every `generationInterval` (hourly, so each time
/// zone's new day is picked up soon after its midnight; it is idempotent, so running often costs
/// little). Expiry runs every `expiryInterval` (a minute), so a deal expires about when its
/// shift starts even if nobody looks at it; an action on a due deal expires it first, while reads
/// never write (they leave deals past their expiry out of their answers).
///
/// With several instances running, a transaction-scoped advisory lock makes one of them do the
/// generation while the others skip it; expiry is safe to run anywhere (each expiry re-checks the
/// deal under its row lock).
struct ScheduleMaintenanceService: Service {
    /// Advisory lock key shared by all instances ("shifty generation").
    static let lockKey: Int64 = 0x5348_4946_5459_0001

    let pool: PostgresPool
    let logger: Logger
    /// The application's clock: what "now" is for generation, expiry and forgetting keys.
    var clock: @Sendable () -> Date = { Date() }
    var generationInterval: Duration = .seconds(3600)
    var expiryInterval: Duration = .seconds(60)

    func run() async throws {
        var lastGeneration: ContinuousClock.Instant?
        while !Task.isCancelled {
            let due = lastGeneration.map { ContinuousClock.now - $0 >= generationInterval } ?? true
            if due { lastGeneration = .now }
            await runOnce(generate: due)
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: expiryInterval) }
            } catch {
                return
            }
        }
    }

    /// One round: generate (if asked and this instance got the lock), expire due deals, forget old keys.
    func runOnce(generate: Bool = true, asOf given: Date? = nil) async {
        let now = given ?? clock()
        do {
            if generate, let created = try await Self.generateOnce(pool: pool, asOf: now) {
                logger.info("schedules generated", metadata: ["shifts_created": "\(created)"])
            }
            let expired = try await MarketplaceExecutor(pool: pool, logger: logger, clock: { now }).expireDue()
            if expired > 0 { logger.info("deals expired", metadata: ["count": "\(expired)"]) }
            let forgotten = try await pool.withConnection { try IdempotencyStore.sweep(asOf: now, on: $0) }
            if forgotten > 0 { logger.debug("idempotency keys forgotten", metadata: ["count": "\(forgotten)"]) }
        } catch let error as PostgresError where error.kind == .closed {
            // The server is shutting down; the next instance to start catches up.
            logger.debug("schedule maintenance skipped: the database pool is closed")
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

