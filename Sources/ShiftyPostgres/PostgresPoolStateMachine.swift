/// The pool's bookkeeping as a value type: who gets which connection, when a new connection may be
/// opened, and who waits. It performs no I/O; it returns actions that ``PostgresPool`` carries out,
/// so the rules (FIFO waiters, size limit, replacing broken connections, waiter timeouts) are tested
/// without a server.
///
/// Waiter timeouts use one timer per pool, not one per waiter: a burst of thousands of queued callers
/// (every live client reconnecting after a restart) would otherwise leave thousands of sleeping
/// timers behind, still firing one by one long after the callers were served.
struct PostgresPoolStateMachine<Connection, Waiter> {
    typealias Deadline = ContinuousClock.Instant

    struct QueuedWaiter {
        let id: Int
        let deadline: Deadline
        let waiter: Waiter
    }

    enum AcquireAction {
        /// Hand this idle connection to the caller.
        case use(Connection)
        /// The caller got a free slot and opens a new connection itself.
        case open
        /// The caller was queued; it is resumed by a later release or by its timeout. When `armTimer`
        /// is true no timeout timer runs yet: the pool starts the one timer, sleeping until the
        /// caller's deadline, and calls ``timerFired(now:)`` when it wakes.
        case wait(armTimer: Bool)
        /// The pool is shut down.
        case fail
        /// The server stopped answering (see ``serverStoppedAnswering(at:)``): fail at once instead
        /// of taking a connection whose round trip would hang until its deadline, or queueing
        /// behind connections that do.
        case refuse
    }

    enum ReleaseAction {
        /// The connection went back to the idle list.
        case keep
        /// Give the connection to the first waiter.
        case handOver(Connection, to: Waiter)
        /// A slot became free and the first waiter opens a new connection in it.
        case openFor(Waiter)
        /// Nothing else to do (the slot was freed or the pool is shutting down).
        case none
        /// Close this connection: the pool is shutting down.
        case close(Connection)
    }

    let maximumOpen: Int
    private(set) var idle: [Connection] = []
    /// Connections that exist or are being opened (idle + in use + opening).
    private(set) var openCount = 0
    private(set) var waiters: [QueuedWaiter] = []
    private(set) var isShutDown = false
    /// Whether the pool's timeout timer is running (it runs while anybody waits, and a little longer).
    private(set) var isTimerArmed = false
    /// Since when the server is taken to have stopped answering: a round trip ran past its deadline
    /// and no round trip answered after that. `nil` while the server answers.
    private(set) var unresponsiveSince: Deadline?

    init(maximumOpen: Int) {
        self.maximumOpen = max(1, maximumOpen)
    }

    var inUseCount: Int { openCount - idle.count }

    mutating func acquire(id: Int, waiter: Waiter, deadline: Deadline) -> AcquireAction {
        if let action = acquireWithoutWaiting() { return action }
        waiters.append(QueuedWaiter(id: id, deadline: deadline, waiter: waiter))
        if isTimerArmed { return .wait(armTimer: false) }
        isTimerArmed = true
        return .wait(armTimer: true)
    }

    /// What ``acquire(id:waiter:deadline:)`` answers when the caller need not queue (an idle
    /// connection, a free slot, or the pool is shut down); `nil` when it would have to wait. Lets the
    /// pool serve the common case before it creates a continuation: resuming a continuation inside
    /// its own body still sends the task through the global executor, one thread wake-up per
    /// transaction for nothing (issue 14).
    mutating func acquireWithoutWaiting() -> AcquireAction? {
        if isShutDown { return .fail }
        if unresponsiveSince != nil { return .refuse }
        // Waiters are only queued while nothing is idle, so FIFO order holds.
        if let connection = idle.popLast() { return .use(connection) }
        if openCount < maximumOpen {
            openCount += 1
            return .open
        }
        return nil
    }

    /// The timeout timer woke at `now`: removes the waiters whose deadline has passed (the pool fails
    /// them) and says when to wake next, the earliest remaining deadline. `nil` disarms the timer:
    /// nobody waits, and the next queued caller arms it again.
    mutating func timerFired(now: Deadline) -> (expired: [Waiter], next: Deadline?) {
        var expired: [Waiter] = []
        var next: Deadline?
        waiters.removeAll { queued in
            if queued.deadline <= now {
                expired.append(queued.waiter)
                return true
            }
            next = min(next ?? queued.deadline, queued.deadline)
            return false
        }
        if next == nil { isTimerArmed = false }
        return (expired, next)
    }

    /// A connection comes back. `reusable` is false when it broke or was left in a transaction.
    mutating func release(_ connection: Connection, reusable: Bool) -> ReleaseAction {
        guard reusable else { return freeSlot() }
        if isShutDown {
            openCount -= 1
            return .close(connection)
        }
        if !waiters.isEmpty {
            let first = waiters.removeFirst()
            return .handOver(connection, to: first.waiter)
        }
        idle.append(connection)
        return .keep
    }

    /// A slot's connection is gone (opening failed, or it was broken and closed).
    mutating func freeSlot() -> ReleaseAction {
        openCount -= 1
        if !isShutDown, !waiters.isEmpty {
            let first = waiters.removeFirst()
            openCount += 1
            return .openFor(first.waiter)
        }
        return .none
    }

    /// Removes a waiter whose timeout fired or whose task was cancelled. `nil` when it was already served.
    mutating func removeWaiter(id: Int) -> Waiter? {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return waiters.remove(at: index).waiter
    }

    /// A round trip ran past its deadline at `now`: the server accepted a request and did not answer
    /// (frozen, or gone from the network without closing the socket). Until a round trip answers
    /// again (``serverAnswered(at:)``) callers are refused at once. Returns what the pool must do
    /// now: fail the queued waiters (they wait for connections that are stuck the same way), close
    /// the idle connections (probably to the same node: when the server answers again, possibly as
    /// another host of a multi-host connection string, new connections find the node that answers),
    /// and, when this call made the change, start the probe that notices recovery.
    mutating func serverStoppedAnswering(at now: Deadline) -> (idle: [Connection], waiters: [Waiter], startChecking: Bool) {
        guard !isShutDown else { return ([], [], false) }
        let startChecking = unresponsiveSince == nil
        unresponsiveSince = max(unresponsiveSince ?? now, now)
        let failing = waiters.map(\.waiter)
        waiters.removeAll()
        let closing = idle
        openCount -= idle.count
        idle.removeAll()
        return (closing, failing, startChecking)
    }

    /// A round trip got its answer at `answered`. Ends the unresponsive state when the answer is
    /// newer than the last round trip that ran out of time (an answer to a request that was already
    /// under way says nothing about the freeze that followed). Returns whether it ended.
    @discardableResult
    mutating func serverAnswered(at answered: Deadline) -> Bool {
        guard let since = unresponsiveSince, answered > since else { return false }
        unresponsiveSince = nil
        return true
    }

    /// Stops handing out connections: returns the idle connections to close and the waiters to fail.
    mutating func shutDown() -> (idle: [Connection], waiters: [Waiter]) {
        isShutDown = true
        let closing = idle
        let failing = waiters.map(\.waiter)
        openCount -= idle.count
        idle.removeAll()
        waiters.removeAll()
        return (closing, failing)
    }
}
