import Logging
import ShiftyPostgres
import ShiftyServerCore
import ShiftyWebSocket

/// How a replay begins: with the events to read, or with a resync because they are not all kept.
enum LiveReplayStart: Sendable {
    /// Read the events up to `through` (the workplace's newest when the replay began); here is the first page.
    case reading(through: Int64, firstPage: LiveReplayPage)
    /// The requested id is older than what retention kept, newer than anything recorded, or more than
    /// ``LiveServices/maximumReplay`` events are missing.
    case resyncRequired(oldestAvailableID: Int64, newestEventID: Int64)
}

/// One page of a replay, read and encoded off the event loop.
struct LiveReplayPage: Sendable {
    /// The events read (ascending ids), each with its frame when the member may see it.
    var events: [OutboxEvent]
    var frames: [Int64: WebSocketPreEncodedFrame]
    /// The last id read: the next page starts after it.
    var cursor: Int64
    /// Whether the replay has read everything up to its `through` id.
    var isLast: Bool
}

/// What every live connection of an instance shares: the hub, the database, and settings.
package final class LiveServices: Sendable {
    package let hub: LiveHub
    package let pool: PostgresPool
    let retentionDays: Int
    let logger: Logger
    package let metrics: ShiftyMetrics
    /// The `now` board message of a workplace, when that feature is wired in.
    let nowBoard: (@Sendable (Int64) async -> String?)?
    /// Largest replay answered in one go; a client that missed more is told to resync.
    static let maximumReplay = 10_000

    package init(
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

    /// Starts a replay after `after` (off the event loop, on the pool's threads): when the client asked
    /// for a resume from `requested`, first checks that those events are still kept; then checks that no
    /// more than ``maximumReplay`` are missing, and reads the first page.
    func beginReplay(for recipient: LiveRecipient, after: Int64, requested: Int64?, pageSize: Int) async throws -> LiveReplayStart {
        metrics.replays.increment()
        let workplaceID = recipient.workplaceID
        return try await pool.withConnection { connection -> LiveReplayStart in
            let newest = try LiveEventStore.newestID(workplaceID: workplaceID, on: connection)
            // What a client receives (events up to `newest` in every page, or ids to resync from) must
            // survive a failover: wait until everything committed so far is on the synchronous standby.
            try connection.waitForSynchronousStandbys()
            func resync() throws -> LiveReplayStart {
                let pruned = try LiveEventStore.prunedThrough(workplaceID: workplaceID, on: connection)
                return .resyncRequired(oldestAvailableID: pruned + 1, newestEventID: newest)
            }
            if let requested {
                let pruned = try LiveEventStore.prunedThrough(workplaceID: workplaceID, on: connection)
                if requested < pruned || requested > newest {
                    return .resyncRequired(oldestAvailableID: pruned + 1, newestEventID: newest)
                }
            }
            let missing = try LiveEventStore.count(workplaceID: workplaceID, after: after, through: newest, upTo: Self.maximumReplay + 1, on: connection)
            if missing > Self.maximumReplay { return try resync() }
            let page = try Self.page(for: recipient, after: after, through: newest, pageSize: pageSize, on: connection)
            return .reading(through: newest, firstPage: page)
        }
    }

    /// The next page of a replay, after `cursor` and up to `through`.
    func replayPage(for recipient: LiveRecipient, after cursor: Int64, through: Int64, pageSize: Int) async throws -> LiveReplayPage {
        try await pool.withConnection { connection in
            try Self.page(for: recipient, after: cursor, through: through, pageSize: pageSize, on: connection)
        }
    }

    private static func page(for recipient: LiveRecipient, after cursor: Int64, through: Int64, pageSize: Int, on connection: PostgresConnection) throws -> LiveReplayPage {
        let events = try LiveEventStore.events(workplaceID: recipient.workplaceID, after: cursor, through: through, limit: pageSize, on: connection)
        var frames: [Int64: WebSocketPreEncodedFrame] = [:]
        for event in events where !event.topics.isEmpty && event.isVisible(to: recipient) {
            frames[event.id] = WebSocketPreEncodedFrame(text: LiveMessageText.event(event))
        }
        let last = events.last?.id ?? through
        return LiveReplayPage(events: events, frames: frames, cursor: last, isLast: events.count < pageSize || last >= through)
    }
}
