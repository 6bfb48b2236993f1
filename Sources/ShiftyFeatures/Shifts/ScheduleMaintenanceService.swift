import Foundation
import Logging
import ServiceLifecycle
import ShiftyPostgres

/// Keeps every schedule eight weeks ahead, expires stale deals and runs the application's own
/// housekeeping on the same beat (the HTTP edge forgets idempotency keys older than 24 hours).
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
package struct ScheduleMaintenanceService: Service {
    /// Advisory lock key shared by all instances ("shifty generation").
    static let lockKey: Int64 = 0x5348_4946_5459_0001

    let pool: PostgresPool
    let logger: Logger
    /// The application's clock: what "now" is for generation, expiry and forgetting keys.
    var clock: @Sendable () -> Date = { Date() }
    var generationInterval: Duration = .seconds(3600)
    var expiryInterval: Duration = .seconds(60)
    /// What else runs every round at `now`, answering how many rows it removed (the edge's
    /// idempotency sweep; the features do not know the HTTP edge's tables).
    var housekeeping: @Sendable (Date) async throws -> Int = { _ in 0 }

    package init(
        pool: PostgresPool, logger: Logger, clock: @escaping @Sendable () -> Date = { Date() }, generationInterval: Duration = .seconds(3600),
        expiryInterval: Duration = .seconds(60), housekeeping: @escaping @Sendable (Date) async throws -> Int = { _ in 0 }
    ) {
        self.pool = pool
        self.logger = logger
        self.clock = clock
        self.generationInterval = generationInterval
        self.expiryInterval = expiryInterval
        self.housekeeping = housekeeping
    }

    package func run() async throws {
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

    /// One round: generate (if asked and this instance got the lock), expire due deals, housekeeping.
    package func runOnce(generate: Bool = true, asOf given: Date? = nil) async {
        let now = given ?? clock()
        do {
            if generate, let created = try await Self.generateOnce(pool: pool, asOf: now) {
                logger.info("schedules generated", metadata: ["shifts_created": "\(created)"])
            }
            let expired = try await MarketplaceExecutor(pool: pool, logger: logger, clock: { now }).expireDue()
            if expired > 0 { logger.info("deals expired", metadata: ["count": "\(expired)"]) }
            let removed = try await housekeeping(now)
            if removed > 0 { logger.debug("housekeeping removed rows", metadata: ["count": "\(removed)"]) }
        } catch let error as PostgresError where error.kind == .closed {
            // The server is shutting down; the next instance to start catches up.
            logger.debug("schedule maintenance skipped: the database pool is closed")
        } catch {
            logger.error("schedule maintenance failed: \(error)")
        }
    }

    /// Generates for all workplaces unless another instance holds the lock (`nil` then).
    package static func generateOnce(pool: PostgresPool, asOf now: Date) async throws -> Int? {
        try await pool.transaction { connection -> Int? in
            let locked: Bool = try connection.query("SELECT pg_try_advisory_xact_lock(\(lockKey)) AS locked")[0].decode("locked")
            guard locked else { return nil }
            return try ScheduleGenerator.generate(asOf: now, on: connection)
        }
    }
}

