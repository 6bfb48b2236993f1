import Logging
import ShiftyPostgres

/// What a replay found.
enum LiveReplayOutcome: Sendable {
    /// The events after the requested id (ascending) and the newest id read.
    case events([LiveEvent], through: Int64)
    /// The requested id is older than what retention kept, or newer than anything recorded.
    case resyncRequired(oldestAvailableID: Int64, newestEventID: Int64)
    case failed
}

/// What every live connection of an instance shares: the hub, the database, and settings.
final class LiveServices: Sendable {
    let hub: LiveHub
    let pool: PostgresPool
    let retentionDays: Int
    let logger: Logger
    let metrics: ShiftyMetrics
    /// The `now` board message of a workplace, when that feature is wired in.
    let nowBoard: (@Sendable (Int64) async -> String?)?
    /// Largest replay answered in one go; a client that missed more is told to resync.
    static let maximumReplay = 10_000

    init(
        hub: LiveHub, pool: PostgresPool, retentionDays: Int, logger: Logger, metrics: ShiftyMetrics,
        nowBoard: (@Sendable (Int64) async -> String?)?
    ) {
        self.metrics = metrics
        self.hub = hub
        self.pool = pool
        self.retentionDays = retentionDays
        self.logger = logger
        self.nowBoard = nowBoard
    }

    /// Reads the workplace's events after `after` (off the event loop, on the pool's threads); when the
    /// client asked for a resume from `requested`, first checks that those events are still kept.
    func replay(workplaceID: Int64, after: Int64, requested: Int64?) async throws -> LiveReplayOutcome {
        metrics.replays.increment()
        return try await pool.withConnection { connection in
            let outcome = try Self.replay(workplaceID: workplaceID, after: after, requested: requested, on: connection)
            // What a client receives (events, or ids to resync from) must survive a failover.
            try connection.waitForSynchronousStandbys()
            return outcome
        }
    }

    private static func replay(workplaceID: Int64, after: Int64, requested: Int64?, on connection: PostgresConnection) throws -> LiveReplayOutcome {
        if let requested {
            let newest = try LiveEventStore.newestID(workplaceID: workplaceID, on: connection)
            let pruned = try LiveEventStore.prunedThrough(workplaceID: workplaceID, on: connection)
            if requested < pruned || requested > newest {
                return .resyncRequired(oldestAvailableID: pruned + 1, newestEventID: newest)
            }
        }
        var events: [LiveEvent] = []
        var cursor = after
        while true {
            let page = try LiveEventStore.events(workplaceID: workplaceID, after: cursor, limit: 1000, on: connection)
            events += page
            guard let last = page.last, page.count == 1000 else { break }
            cursor = last.id
            if events.count >= Self.maximumReplay {
                let newest = try LiveEventStore.newestID(workplaceID: workplaceID, on: connection)
                let pruned = try LiveEventStore.prunedThrough(workplaceID: workplaceID, on: connection)
                return .resyncRequired(oldestAvailableID: pruned + 1, newestEventID: newest)
            }
        }
        return .events(events, through: events.last?.id ?? after)
    }
}
