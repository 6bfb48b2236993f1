import NIOConcurrencyHelpers
import NIOCore

/// Counts this application's open connections (HTTP and upgraded) against its descriptor budget
/// (``DescriptorBudget``), knows which of them are idle (waiting for a request, nothing received),
/// and decides what a newcomer beyond the ceiling gets (``admit(_:)``).
///
/// The idle timeout alone lets 20,000 silent sockets hold every descriptor for its whole length, and
/// a process at its descriptor limit cannot even accept `/healthz`. So when a new connection would
/// take the process past the ceiling, the connection that has been idle longest is closed to make
/// room: an idle keep-alive connection is the cheapest thing to give up (its client reconnects), and
/// the newcomer, a health check or a real user, gets served. Only a connection idle for at least
/// ``minimumIdleAge`` counts: one accepted a moment ago may have its request in the socket buffer,
/// not read yet, and closing it would reset that request instead of answering anything. Busy connections are never evicted; when
/// every connection is busy (slow uploads, say), the newcomer may still ask `/healthz` on one of a few
/// health-check slots, and beyond those it is answered `503 server_full` and closed.
public final class HTTPConnectionRegistry: Sendable {
    /// What a new connection is let in for.
    enum Admission: Equatable {
        case regular
        /// Over the ceiling with nothing idle to close: one `/healthz`, then close.
        case healthCheckOnly
        /// Over the ceiling with the health-check slots taken: `503`, then close.
        case refused
    }

    /// For callers that do not build their own (tests of the WebSocket layer): the budget of this
    /// process with the default pool. The application builds one from its configuration.
    public static let process = HTTPConnectionRegistry(budget: .current(databaseConnections: 8))

    struct State {
        /// Connections admitted as ``Admission/regular`` and not closed yet.
        var regular = 0
        var nextSequence: UInt64 = 0
        /// Connection → the sequence number of its current idle period.
        var idle: [ObjectIdentifier: UInt64] = [:]
        /// Idle periods in the order they began; entries whose sequence no longer matches are stale.
        var queue: [(sequence: UInt64, id: ObjectIdentifier, channel: any Channel, since: NIODeadline)] = []
        var queueStart = 0
        /// Connections holding a health-check slot.
        var healthChecks: Set<ObjectIdentifier> = []
    }

    public let ceiling: Int
    public let healthCheckSlots: Int
    /// How long a connection must have waited for a request before it may be closed for a newcomer.
    public let minimumIdleAge: TimeAmount
    private let state = NIOLockedValueBox(State())

    public init(ceiling: Int, healthCheckSlots: Int = 8, minimumIdleAge: TimeAmount = .seconds(1)) {
        self.ceiling = ceiling
        self.healthCheckSlots = healthCheckSlots
        self.minimumIdleAge = minimumIdleAge
    }

    public convenience init(budget: DescriptorBudget) {
        self.init(ceiling: budget.connectionCeiling, healthCheckSlots: budget.healthCheckSlots)
    }

    public var openConnections: Int { state.withLockedValue { $0.regular + $0.healthChecks.count } }
    public var idleConnections: Int { state.withLockedValue { $0.idle.count } }

    /// Decides what a new connection gets, closing the longest-idle one when the ceiling is reached.
    /// A connection admitted (regular or health check) must be given back with ``closed(_:)``; a
    /// refused one is not counted.
    func admit(_ channel: any Channel, now: NIODeadline) -> Admission {
        let (admission, evicted) = state.withLockedValue { state -> (Admission, (any Channel)?) in
            if state.regular < ceiling {
                state.regular += 1
                return (.regular, nil)
            }
            if let evicted = Self.popOldestIdle(&state, before: now - minimumIdleAge) {
                // Counted until its close completes: the ceiling is passed by one for a moment.
                state.regular += 1
                return (.regular, evicted)
            }
            guard state.healthChecks.count < healthCheckSlots else { return (.refused, nil) }
            state.healthChecks.insert(ObjectIdentifier(channel))
            return (.healthCheckOnly, nil)
        }
        evicted?.close(promise: nil)
        return admission
    }

    func closed(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        state.withLockedValue { state in
            state.idle.removeValue(forKey: id)
            if state.healthChecks.remove(id) == nil { state.regular -= 1 }
        }
    }

    /// The connection waits for a request (and may be evicted) or stopped waiting.
    func setIdle(_ channel: any Channel, _ isIdle: Bool, now: NIODeadline) {
        let id = ObjectIdentifier(channel)
        state.withLockedValue { state in
            guard isIdle else {
                state.idle.removeValue(forKey: id)
                return
            }
            state.nextSequence += 1
            state.idle[id] = state.nextSequence
            state.queue.append((state.nextSequence, id, channel, now))
            Self.compactIfNeeded(&state)
        }
    }

    /// Drops stale and consumed entries now and then, so the queue stays proportional to the idle set.
    private static func compactIfNeeded(_ state: inout State) {
        guard state.queue.count > 2 * state.idle.count + 1024 else { return }
        state.queue = state.queue[state.queueStart...].filter { state.idle[$0.id] == $0.sequence }
        state.queueStart = 0
    }

    /// The connection idle longest, if its idle period began before `cutoff`.
    private static func popOldestIdle(_ state: inout State, before cutoff: NIODeadline) -> (any Channel)? {
        while state.queueStart < state.queue.count {
            let entry = state.queue[state.queueStart]
            guard state.idle[entry.id] == entry.sequence else {
                state.queueStart += 1
                continue
            }
            // Later entries began even later.
            guard entry.since <= cutoff else { return nil }
            state.queueStart += 1
            state.idle.removeValue(forKey: entry.id)
            return entry.channel
        }
        state.queue.removeAll()
        state.queueStart = 0
        return nil
    }
}
