import NIOConcurrencyHelpers
import NIOCore

/// Counts this process's open connections (HTTP and upgraded) against its descriptor budget, and knows
/// which of them are idle (waiting for a request, nothing received).
///
/// The idle timeout alone lets 20,000 silent sockets hold every descriptor for its whole length, and
/// a process at its descriptor limit cannot even accept `/healthz`. So when a new connection would
/// take the process past the budget, the connection that has been idle longest is closed to make room:
/// an idle keep-alive connection is the cheapest thing to give up (its client reconnects), and the
/// newcomer, a health check or a real user, gets served. Busy connections are never evicted.
public final class HTTPConnectionRegistry: Sendable {
    /// One per process, because descriptors are per process: the same ceiling as the WebSocket budget
    /// (the descriptor limit minus headroom for the database and the listening socket).
    public static let process = HTTPConnectionRegistry(ceiling: WebSocketConnectionBudget.process.ceiling)

    struct State {
        var open = 0
        var nextSequence: UInt64 = 0
        /// Connection → the sequence number of its current idle period.
        var idle: [ObjectIdentifier: UInt64] = [:]
        /// Idle periods in the order they began; entries whose sequence no longer matches are stale.
        var queue: [(sequence: UInt64, id: ObjectIdentifier, channel: any Channel)] = []
        var queueStart = 0
    }

    public let ceiling: Int
    private let state = NIOLockedValueBox(State())

    public init(ceiling: Int) {
        self.ceiling = ceiling
    }

    public var openConnections: Int { state.withLockedValue { $0.open } }
    public var idleConnections: Int { state.withLockedValue { $0.idle.count } }

    /// Counts a new connection; closes the longest-idle one when the budget is spent.
    func opened(_ channel: any Channel) {
        let evicted = state.withLockedValue { state -> (any Channel)? in
            state.open += 1
            guard state.open > ceiling else { return nil }
            return Self.popOldestIdle(&state)
        }
        evicted?.close(promise: nil)
    }

    func closed(_ channel: any Channel) {
        state.withLockedValue { state in
            state.open -= 1
            state.idle.removeValue(forKey: ObjectIdentifier(channel))
        }
    }

    /// The connection waits for a request (and may be evicted) or stopped waiting.
    func setIdle(_ channel: any Channel, _ isIdle: Bool) {
        let id = ObjectIdentifier(channel)
        state.withLockedValue { state in
            guard isIdle else {
                state.idle.removeValue(forKey: id)
                return
            }
            state.nextSequence += 1
            state.idle[id] = state.nextSequence
            state.queue.append((state.nextSequence, id, channel))
            Self.compactIfNeeded(&state)
        }
    }

    /// Drops stale and consumed entries now and then, so the queue stays proportional to the idle set.
    private static func compactIfNeeded(_ state: inout State) {
        guard state.queue.count > 2 * state.idle.count + 1024 else { return }
        state.queue = state.queue[state.queueStart...].filter { state.idle[$0.id] == $0.sequence }
        state.queueStart = 0
    }

    private static func popOldestIdle(_ state: inout State) -> (any Channel)? {
        while state.queueStart < state.queue.count {
            let entry = state.queue[state.queueStart]
            state.queueStart += 1
            if state.idle[entry.id] == entry.sequence {
                state.idle.removeValue(forKey: entry.id)
                return entry.channel
            }
        }
        state.queue.removeAll()
        state.queueStart = 0
        return nil
    }
}
