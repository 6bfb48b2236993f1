import Foundation

/// The pool's own connection for checks (``PostgresPool/probe(within:_:)``), used by one check at a
/// time on a thread of its own, so a check never queues behind the pool's connections (which may
/// all hang on a frozen server) and a hanging check never holds one of the pool's threads.
///
/// Each check runs on a new thread that takes ``lock`` for as long as it uses the connection; a
/// check whose caller gave up while an earlier one held the lock is skipped, so checks cannot pile
/// up behind a frozen server.
final class PostgresProbeLane: @unchecked Sendable {
    /// Held while a check (or closing) uses ``connection``; guards everything below.
    private let lock = NSLock()
    private var connection: PostgresConnection?
    private var isStopped = false

    /// Runs `work` with exclusive use of the lane on a new thread. `work` receives the current
    /// connection (nil: none yet or closed) and returns the one to keep.
    func run(_ work: @escaping @Sendable (_ isStopped: Bool, _ connection: PostgresConnection?) -> PostgresConnection?) {
        let thread = Thread { [self] in
            lock.lock()
            defer { lock.unlock() }
            let kept = work(isStopped, connection)
            if isStopped {
                kept?.close()
                connection = nil
            } else {
                connection = kept
            }
        }
        thread.name = "shifty-pg-probe"
        thread.start()
    }

    /// Closes the connection once no check uses it; later checks are told the lane is stopped.
    /// Does not wait (a check may hold the lane until its deadline).
    func stop() {
        let thread = Thread { [self] in
            lock.lock()
            isStopped = true
            connection?.close()
            connection = nil
            lock.unlock()
        }
        thread.name = "shifty-pg-probe-stop"
        thread.start()
    }
}
