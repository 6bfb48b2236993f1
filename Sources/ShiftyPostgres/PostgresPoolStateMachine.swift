/// The pool's bookkeeping as a value type: who gets which connection, when a new connection may be
/// opened, and who waits. It performs no I/O; it returns actions that ``PostgresPool`` carries out,
/// so the rules (FIFO waiters, size limit, replacing broken connections) are tested without a server.
struct PostgresPoolStateMachine<Connection, Waiter> {
    enum AcquireAction {
        /// Hand this idle connection to the caller.
        case use(Connection)
        /// The caller got a free slot and opens a new connection itself.
        case open
        /// The caller was queued; it is resumed by a later release or by its timeout.
        case wait
        /// The pool is shut down.
        case fail
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
    private(set) var waiters: [(id: Int, waiter: Waiter)] = []
    private(set) var isShutDown = false

    init(maximumOpen: Int) {
        self.maximumOpen = max(1, maximumOpen)
    }

    var inUseCount: Int { openCount - idle.count }

    mutating func acquire(id: Int, waiter: Waiter) -> AcquireAction {
        if isShutDown { return .fail }
        // Waiters are only queued while nothing is idle, so FIFO order holds.
        if let connection = idle.popLast() { return .use(connection) }
        if openCount < maximumOpen {
            openCount += 1
            return .open
        }
        waiters.append((id, waiter))
        return .wait
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
