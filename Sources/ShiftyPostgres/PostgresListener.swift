import CLibPQ
import Foundation
import Logging

/// Receives `NOTIFY` messages on a dedicated connection (not from the pool) and delivers them as
/// an `AsyncStream`.
///
/// A private thread waits in `poll()` on the connection's socket, so no thread of the pool, the
/// event loops or the cooperative pool is held while nothing happens. When the connection drops,
/// the thread reconnects with capped exponential backoff, listens again and emits
/// ``PostgresListenerEvent/reconnected(backendPID:)``.
///
/// A server that stops answering without closing the connection (a frozen process, a host gone from
/// the network) would leave the listener waiting forever, and live pushes with it. So after
/// `heartbeatInterval` without input it sends a `SELECT 1`; every statement on this connection has
/// `heartbeatTimeout` as its deadline. When one runs out the listener drops the connection and
/// connects again, which with several hosts and `target_session_attrs=read-write` finds the node
/// that answers; subscribers resume from their own cursors on `.reconnected`.
public final class PostgresListener: Sendable {
    struct State {
        var subscribers: [Int: AsyncStream<PostgresListenerEvent>.Continuation] = [:]
        var nextSubscriberID = 0
        var connectedBackendPID: Int32?
        var isShuttingDown = false
        var threadFinished = false
        var finishWaiters: [CheckedContinuation<Void, Never>] = []
    }

    public let channels: [String]
    private let configuration: PostgresConfiguration
    private let logger: Logger
    private let state = LockedBox(State())
    private let wakeup = WakeupPipe()

    static let initialBackoff: Duration = .milliseconds(100)
    /// Short enough that after a failover (writes resume ~8 s after the primary is lost) the listener
    /// is back within about two seconds of the new primary; one connection attempt per interval costs
    /// the server next to nothing.
    static let maximumBackoff: Duration = .seconds(2)
    /// The pause before the first reconnection attempt and its cap (the static defaults outside tests;
    /// a test sets pauses so long that only a shutdown can end one).
    let backoff: (initial: Duration, maximum: Duration)
    /// Quiet time after which the listener checks that the server still answers.
    public let heartbeatInterval: Duration

    /// Starts listening right away. Channel names must be identifiers (letters, digits,
    /// underscore) because `LISTEN` cannot take a parameter; invalid names are logged and ignored.
    /// - Parameters:
    ///   - heartbeatInterval: quiet time after which a `SELECT 1` checks the connection.
    ///   - heartbeatTimeout: the deadline of every statement on the listener's connection (the
    ///     check, `LISTEN`); longer than any pause of a healthy server, short enough that live
    ///     pushes resume soon after the node stopped answering.
    public convenience init(
        configuration: PostgresConfiguration, channels: [String], logger: Logger,
        heartbeatInterval: Duration = .seconds(5), heartbeatTimeout: Duration = .seconds(5)
    ) {
        self.init(
            configuration: configuration, channels: channels, logger: logger, heartbeatInterval: heartbeatInterval,
            heartbeatTimeout: heartbeatTimeout, backoff: (Self.initialBackoff, Self.maximumBackoff))
    }

    init(
        configuration: PostgresConfiguration, channels: [String], logger: Logger,
        heartbeatInterval: Duration, heartbeatTimeout: Duration, backoff: (initial: Duration, maximum: Duration)
    ) {
        self.backoff = backoff
        var configuration = configuration
        configuration.statementTimeout = nil
        configuration.roundTripTimeout = heartbeatTimeout
        self.configuration = configuration
        self.heartbeatInterval = heartbeatInterval
        self.logger = logger
        self.channels = channels.filter { channel in
            guard PostgresIdentifier.isValid(channel) else {
                logger.error("ignoring invalid LISTEN channel name", metadata: ["channel": "\(channel)"])
                return false
            }
            return true
        }
        let thread = Thread { [self] in
            self.run()
        }
        thread.name = "shifty-pg-listener"
        thread.start()
    }

    /// Whether `name` can be used as a channel.
    public static func isValidChannelName(_ name: String) -> Bool {
        PostgresIdentifier.isValid(name)
    }

    /// A stream of events. Each call gets its own stream; a subscriber that arrives while the
    /// listener is connected first receives ``PostgresListenerEvent/connected(backendPID:)``.
    public func events() -> AsyncStream<PostgresListenerEvent> {
        AsyncStream { continuation in
            let registration = state.withLock { state -> (id: Int, connected: Int32?)? in
                guard !state.isShuttingDown else { return nil }
                state.nextSubscriberID += 1
                state.subscribers[state.nextSubscriberID] = continuation
                return (state.nextSubscriberID, state.connectedBackendPID)
            }
            guard let registration else {
                continuation.finish()
                return
            }
            if let pid = registration.connected {
                continuation.yield(.connected(backendPID: pid))
            }
            continuation.onTermination = { [weak self] _ in
                self?.state.withLock { _ = $0.subscribers.removeValue(forKey: registration.id) }
            }
        }
    }

    /// The backend PID of the current connection, `nil` while disconnected.
    public var backendPID: Int32? {
        state.withLock { $0.connectedBackendPID }
    }

    /// Stops the thread (waking it from `poll()`), closes the connection and finishes all streams.
    public func shutdown() async {
        let subscribers = state.withLock { state in
            state.isShuttingDown = true
            let subscribers = Array(state.subscribers.values)
            state.subscribers.removeAll()
            return subscribers
        }
        wakeup.wake()
        for subscriber in subscribers {
            subscriber.finish()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state in
                if !state.threadFinished { state.finishWaiters.append(continuation) }
                return state.threadFinished
            }
            if finished { continuation.resume() }
        }
    }

    // MARK: - Listener thread

    private var isShuttingDown: Bool { state.withLock { $0.isShuttingDown } }

    private func emit(_ event: PostgresListenerEvent) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers {
            subscriber.yield(event)
        }
    }

    private func run() {
        var backoff = self.backoff.initial
        var hasConnectedBefore = false
        while !isShuttingDown {
            let connection: PostgresConnection
            do {
                connection = try connectAndListen()
            } catch {
                logger.warning(
                    "PostgreSQL listener could not connect, retrying",
                    metadata: ["error": "\(error)", "retry_in_ms": "\(backoff.wholeMilliseconds)"]
                )
                _ = wakeup.wait(for: nil, timeoutMilliseconds: Int32(backoff.wholeMilliseconds))
                backoff = min(backoff * 2, self.backoff.maximum)
                continue
            }
            backoff = self.backoff.initial
            let pid = connection.backendPID
            // Publishing the PID and choosing who hears about it happen together, so a subscriber
            // that registers right now gets exactly one "connected" event.
            let subscribers = state.withLock { state in
                state.connectedBackendPID = pid
                return Array(state.subscribers.values)
            }
            let event: PostgresListenerEvent = hasConnectedBefore ? .reconnected(backendPID: pid) : .connected(backendPID: pid)
            for subscriber in subscribers {
                subscriber.yield(event)
            }
            if hasConnectedBefore {
                logger.info("PostgreSQL listener reconnected", metadata: ["backend_pid": "\(pid)"])
            }
            hasConnectedBefore = true
            deliverPendingNotifications(connection)
            listen(on: connection)
            state.withLock { $0.connectedBackendPID = nil }
            connection.close()
            if !isShuttingDown {
                logger.warning("PostgreSQL listener lost its connection, reconnecting")
                _ = wakeup.wait(for: nil, timeoutMilliseconds: Int32(backoff.wholeMilliseconds))
                backoff = min(backoff * 2, self.backoff.maximum)
            }
        }
        let waiters = state.withLock { state in
            state.threadFinished = true
            let waiters = state.finishWaiters
            state.finishWaiters.removeAll()
            return waiters
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    private func connectAndListen() throws -> PostgresConnection {
        let connection = try PostgresConnection.connect(configuration: configuration)
        for channel in channels {
            try connection.execute("LISTEN \(sql: PostgresIdentifier.quoted(channel))")
        }
        return connection
    }

    /// Waits for input until the connection breaks, the server stops answering or shutdown is requested.
    private func listen(on connection: PostgresConnection) {
        let socket = PQsocket(connection.handle)
        guard socket >= 0 else { return }
        let quietMilliseconds = Int32(clamping: max(1, heartbeatInterval.wholeMilliseconds))
        while !isShuttingDown {
            let (ready, woken) = wakeup.wait(for: socket, timeoutMilliseconds: quietMilliseconds)
            if woken, isShuttingDown { return }
            if !ready, !woken {
                // Quiet for a while: make sure the server still answers. A vanished or frozen one
                // would otherwise go unnoticed, and so would every event meanwhile.
                do {
                    try connection.execute("SELECT 1")
                } catch {
                    logger.warning("PostgreSQL listener's connection does not answer", metadata: ["error": "\(error)"])
                    return
                }
                deliverPendingNotifications(connection)
            }
            if ready {
                guard PQconsumeInput(connection.handle) == 1 else { return }
                deliverPendingNotifications(connection)
                guard PQstatus(connection.handle) == CONNECTION_OK else { return }
            }
        }
    }

    private func deliverPendingNotifications(_ connection: PostgresConnection) {
        while let notification = PQnotifies(connection.handle) {
            let channel = String(cString: notification.pointee.relname)
            let payload = notification.pointee.extra.map { String(cString: $0) } ?? ""
            let sender = notification.pointee.be_pid
            PQfreemem(notification)
            emit(.notification(channel: channel, payload: payload, backendPID: sender))
        }
    }
}
