import NIOConcurrencyHelpers
import NIOCore
import ShiftyEvents
import ShiftyWebSocket

/// This instance's live connections: registers them per event loop, fans events out, and keeps the
/// per-workplace read cursors of ``LiveEventFeed``.
///
/// Cross-thread bookkeeping (which workplaces have connections here, how far their events were read,
/// which sessions are open) sits behind one lock that is taken per connect/disconnect and per batch,
/// never per recipient; the per-recipient work runs on each connection's own event loop.
public final class LiveHub: Sendable {
    struct WorkplaceEntry {
        var connections = 0
        var nowSubscribers = 0
        /// The newest event id the feed has read (or will read after) for this workplace.
        var cursor: Int64
    }

    struct State {
        var shards: [ObjectIdentifier: LiveShard] = [:]
        var workplaces: [Int64: WorkplaceEntry] = [:]
        var sessions: [Int64: Int] = [:]
        var connectionCount = 0
        var isShuttingDown = false
    }

    private let state = NIOLockedValueBox(State())
    private let wakeups: AsyncStream<Int64>.Continuation
    /// Workplaces whose events should be read now (a connection just arrived there).
    let wakeupStream: AsyncStream<Int64>
    /// Live connections and replays per session and member (LiveHub+Admission.swift).
    let admission: NIOLockedValueBox<AdmissionState>

    public init(limits: LiveLimits = LiveLimits()) {
        (wakeupStream, wakeups) = AsyncStream<Int64>.makeStream(bufferingPolicy: .bufferingNewest(4096))
        admission = NIOLockedValueBox(AdmissionState(counts: LiveAdmission(limits: limits)))
    }

    public var limits: LiveLimits { admission.withLockedValue { $0.counts.limits } }

    /// Open live connections on this instance.
    public var connectionCount: Int { state.withLockedValue { $0.connectionCount } }

    package var isShuttingDown: Bool { state.withLockedValue { $0.isShuttingDown } }

    // MARK: Connections

    /// Adds a connection (on its event loop). Its workplace's cursor starts at the connection's own
    /// start if the workplace had no connection here yet; the connection's replay covers the rest.
    func register(_ connection: LiveConnection) {
        let workplace = connection.recipient.workplaceID
        let (shard, isNewWorkplace) = state.withLockedValue { state -> (LiveShard, Bool) in
            let key = ObjectIdentifier(connection.eventLoop)
            let shard = state.shards[key] ?? LiveShard(eventLoop: connection.eventLoop)
            state.shards[key] = shard
            var entry = state.workplaces[workplace] ?? WorkplaceEntry(cursor: connection.startingFloor)
            let isNew = entry.connections == 0
            entry.connections += 1
            state.workplaces[workplace] = entry
            state.sessions[connection.recipient.sessionID, default: 0] += 1
            state.connectionCount += 1
            return (shard, isNew)
        }
        shard.add(connection)
        if isNewWorkplace { wakeups.yield(workplace) }
    }

    /// Removes a connection (on its event loop).
    func unregister(_ connection: LiveConnection, wasWatchingNow: Bool) {
        let workplace = connection.recipient.workplaceID
        let shard = state.withLockedValue { state -> LiveShard? in
            if var entry = state.workplaces[workplace] {
                entry.connections -= 1
                if wasWatchingNow { entry.nowSubscribers -= 1 }
                state.workplaces[workplace] = entry.connections > 0 ? entry : nil
            }
            let session = connection.recipient.sessionID
            if let count = state.sessions[session] {
                state.sessions[session] = count > 1 ? count - 1 : nil
            }
            state.connectionCount -= 1
            return state.shards[ObjectIdentifier(connection.eventLoop)]
        }
        shard?.remove(connection)
    }

    /// Counts subscribers of the `now` topic, so the board is only computed where someone watches it.
    func nowSubscription(of workplaceID: Int64, added: Bool) {
        state.withLockedValue { state in
            state.workplaces[workplaceID]?.nowSubscribers += added ? 1 : -1
        }
    }

    // MARK: Fan-out

    /// Delivers events read by the feed (ascending ids) to every local connection of their workplace,
    /// one shared frame per event, one hop per event loop.
    func deliver(_ events: [OutboxEvent]) {
        guard !events.isEmpty else { return }
        let deliveries = events.filter { !$0.topics.isEmpty }.map(LiveDelivery.init)
        let shards = state.withLockedValue { state -> [LiveShard] in
            for event in events {
                if var entry = state.workplaces[event.workplaceID], event.id > entry.cursor {
                    entry.cursor = event.id
                    state.workplaces[event.workplaceID] = entry
                }
            }
            return Array(state.shards.values)
        }
        guard !deliveries.isEmpty else { return }
        for shard in shards {
            shard.eventLoop.execute { shard.deliver(deliveries) }
        }
    }

    /// Sends a message that is not an event (the `now` board) to the workplace's connections
    /// subscribed to `topic`.
    public func broadcast(text: String, workplaceID: Int64, topic: LiveTopic) {
        let frame = WebSocketPreEncodedFrame(text: text)
        for shard in state.withLockedValue({ Array($0.shards.values) }) {
            shard.eventLoop.execute { shard.broadcast(frame, workplaceID: workplaceID, topic: topic) }
        }
    }

    /// Workplaces with at least one local connection subscribed to `topic` (`.now` is counted exactly;
    /// other topics answer every workplace with a connection).
    public func workplaces(subscribedTo topic: LiveTopic) -> [Int64] {
        state.withLockedValue { state in
            state.workplaces.compactMap { id, entry in
                (topic == .now ? entry.nowSubscribers > 0 : entry.connections > 0) ? id : nil
            }.sorted()
        }
    }

    /// The read cursor of every workplace with connections here (what the feed reads after).
    var cursors: [Int64: Int64] {
        state.withLockedValue { $0.workplaces.mapValues(\.cursor) }
    }

    /// Open sessions (for the periodic check that closes ended ones).
    var openSessions: [Int64] {
        state.withLockedValue { Array($0.sessions.keys) }
    }

    // MARK: Closing

    /// Closes the connections of ended sessions with 1008.
    func closeSessions(_ sessions: Set<Int64>) {
        guard !sessions.isEmpty else { return }
        for shard in state.withLockedValue({ Array($0.shards.values) }) {
            shard.eventLoop.execute {
                shard.close(sessions: sessions, code: .policyViolation, reason: "session ended, log in again")
            }
        }
    }

    /// Refuses new connections and closes every open one with 1001 "going away": clients resume on
    /// another instance.
    public func shutDown() {
        let shards = state.withLockedValue { state -> [LiveShard] in
            state.isShuttingDown = true
            return Array(state.shards.values)
        }
        for shard in shards {
            shard.eventLoop.execute { shard.close(sessions: nil, code: .goingAway, reason: "server shutting down") }
        }
        wakeups.finish()
    }
}
