import Foundation
import Logging
import ServiceLifecycle
import ShiftyNotifications
import ShiftyPostgres
import ShiftyServerCore

/// Reads new events from the database and hands them to the ``LiveHub`` (one per instance).
///
/// It LISTENs on `shifty_events` on a dedicated connection; each notification names the workplaces
/// that got events, and the feed reads every event after its per-workplace cursor for those it has
/// connections in. After the LISTEN connection was lost and came back it reads everything after
/// the cursors, so events committed meanwhile still arrive; a slow poll covers anything else. A
/// LISTEN node that stops answering without closing the connection is noticed by the listener's
/// heartbeat, which connects again (to the node that answers) and so triggers the same catch-up. The
/// same loop closes connections of ended sessions and prunes old events.
package struct LiveEventFeed: Service {
    static let channel = "shifty_events"

    let hub: LiveHub
    let pool: PostgresPool
    let listenerConfiguration: PostgresConfiguration
    let logger: Logger
    let metrics: ShiftyMetrics
    var retentionDays: Int
    var pollInterval: Duration = .seconds(10)
    var pruneInterval: Duration = .seconds(3600)
    /// Quiet time after which the LISTEN connection is checked, and the deadline of that check: a
    /// node that stops answering is left within about twice this (``PostgresListener``).
    var listenerHeartbeat: Duration = .seconds(5)
    /// Events read per workplace per query.
    var pageSize = 500
    /// Rung on every event notification, for the notification delivery (nil: it only polls).
    var notificationWakeup: NotificationWakeup? = nil

    package init(hub: LiveHub, pool: PostgresPool, listenerConfiguration: PostgresConfiguration, logger: Logger, metrics: ShiftyMetrics, retentionDays: Int, pollInterval: Duration = .seconds(10), pruneInterval: Duration = .seconds(3600), listenerHeartbeat: Duration = .seconds(5), notificationWakeup: NotificationWakeup? = nil) {
        self.hub = hub
        self.pool = pool
        self.listenerConfiguration = listenerConfiguration
        self.logger = logger
        self.metrics = metrics
        self.retentionDays = retentionDays
        self.pollInterval = pollInterval
        self.pruneInterval = pruneInterval
        self.listenerHeartbeat = listenerHeartbeat
        self.notificationWakeup = notificationWakeup
    }

    enum Trigger: Sendable {
        /// Read these workplaces (from a notification); empty means all.
        case workplaces([Int64])
        case all
        case tick
    }

    package func run() async throws {
        let listener = PostgresListener(
            configuration: listenerConfiguration, channels: [Self.channel], logger: logger,
            heartbeatInterval: listenerHeartbeat, heartbeatTimeout: listenerHeartbeat)
        let (triggers, trigger) = AsyncStream<Trigger>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in listener.events() {
                        switch event {
                        case .notification(_, let payload, _):
                            notificationWakeup?.signal()
                            let workplaces = Self.workplaces(inNotification: payload)
                            trigger.yield(workplaces.isEmpty ? .all : .workplaces(workplaces))
                        case .connected, .reconnected(_):
                            if case .reconnected(let pid) = event {
                                metrics.listenerReconnects.increment()
                                logger.warning("live listener reconnected; catching up", metadata: ["backend_pid": "\(pid)"])
                            }
                            trigger.yield(.all)
                        }
                    }
                }
                group.addTask {
                    for await workplace in hub.wakeupStream { trigger.yield(.workplaces([workplace])) }
                }
                group.addTask {
                    while !Task.isCancelled {
                        do { try await Task.sleep(for: pollInterval) } catch { return }
                        trigger.yield(.tick)
                    }
                }
                group.addTask {
                    await consume(triggers, retryingWith: trigger)
                }
                await group.next()
                group.cancelAll()
            }
        } onGracefulShutdown: {
            hub.shutDown()
            trigger.finish()
        }
        await listener.shutdown()
    }

    /// First pause before a failed read is tried again; it doubles up to the poll interval.
    static let firstReadRetry: Duration = .seconds(1)

    /// Handles triggers one at a time. A read that failed (the database did not answer) is tried
    /// again after a pause instead of waiting for the next trigger: the catch-up read after the
    /// LISTEN connection moved to a node that answers often fails once on pool connections still
    /// stuck on the old one, and the events committed meanwhile must not wait for the slow poll.
    private func consume(_ triggers: AsyncStream<Trigger>, retryingWith trigger: AsyncStream<Trigger>.Continuation) async {
        let clock = ContinuousClock()
        var lastPrune: ContinuousClock.Instant?
        var retry: Task<Void, Never>?
        var retryAt: ContinuousClock.Instant?
        var retryDelay = Self.firstReadRetry
        defer { retry?.cancel() }
        for await next in triggers {
            let succeeded: Bool
            switch next {
            case .workplaces(let ids): succeeded = await read(only: Set(ids))
            case .all: succeeded = await read(only: nil)
            case .tick:
                succeeded = await read(only: nil)
                await closeEndedSessions()
                if lastPrune.map({ clock.now - $0 >= pruneInterval }) ?? true {
                    lastPrune = clock.now
                    await prune()
                }
            }
            if succeeded {
                retryDelay = Self.firstReadRetry
            } else if retryAt.map({ $0 <= clock.now }) ?? true {
                // No retry scheduled yet (or the last one already fired).
                let delay = retryDelay
                retryDelay = min(retryDelay * 2, max(pollInterval, Self.firstReadRetry))
                retryAt = clock.now + delay
                retry = Task {
                    try? await Task.sleep(for: delay)
                    trigger.yield(.all)
                }
            }
        }
    }

    /// Reads and delivers everything after the cursors of these workplaces (all served ones if nil).
    /// False when the database could not be read (the caller tries again).
    @discardableResult
    func read(only workplaces: Set<Int64>?) async -> Bool {
        do {
            while true {
                let cursors = workplaces.map { only in hub.cursors.filter { only.contains($0.key) } } ?? hub.cursors
                guard !cursors.isEmpty else { return true }
                let pageSize = self.pageSize
                let events = try await pool.withConnection { connection in
                    let events = try LiveEventStore.events(after: cursors, limit: pageSize, on: connection)
                    // Only events the synchronous standby holds too: they survive a failover.
                    if !events.isEmpty { try connection.waitForSynchronousStandbys() }
                    return events
                }
                hub.deliver(events)
                // A full page for some workplace means there may be more.
                let counts = Dictionary(grouping: events, by: \.workplaceID).mapValues(\.count)
                guard counts.values.contains(where: { $0 >= pageSize }) else { return true }
            }
        } catch let error as PostgresError where error.kind == .closed {
            logger.debug("live feed: the database pool is closed")
            return true
        } catch {
            // Tried again from the same cursors (consume), and by the next notification or poll.
            logger.error("live feed could not read events", metadata: ["error": "\(error)"])
            return false
        }
    }

    private func closeEndedSessions() async {
        let sessions = hub.openSessions
        guard !sessions.isEmpty else { return }
        do {
            let ended = try await pool.withConnection { try LiveEventStore.endedSessions(among: sessions, on: $0) }
            if !ended.isEmpty {
                logger.info("closing live connections of ended sessions", metadata: ["sessions": "\(ended.count)"])
                hub.closeSessions(ended)
            }
        } catch {
            logger.warning("live feed could not check sessions", metadata: ["error": "\(error)"])
        }
    }

    private func prune() async {
        let days = retentionDays
        do {
            let removed = try await pool.withConnection { try LiveEventStore.prune(olderThanDays: days, on: $0) }
            if removed > 0 { logger.info("old events pruned", metadata: ["count": "\(removed)", "retention_days": "\(days)"]) }
        } catch {
            logger.warning("event retention failed", metadata: ["error": "\(error)"])
        }
    }

    /// `"12:345,13:346"` → [12, 13]; empty or malformed → [] (read everything).
    static func workplaces(inNotification payload: String) -> [Int64] {
        var ids: [Int64] = []
        for part in payload.split(separator: ",") {
            guard let colon = part.firstIndex(of: ":"), let id = Int64(part[..<colon]) else { return [] }
            ids.append(id)
        }
        return ids
    }
}
