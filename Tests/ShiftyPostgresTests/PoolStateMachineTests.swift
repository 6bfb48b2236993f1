import Testing

@testable import ShiftyPostgres

@Suite("Pool state machine (no I/O)")
struct PoolStateMachineTests {
    typealias Machine = PostgresPoolStateMachine<String, String>
    static let start = ContinuousClock.now
    static let later = start + .seconds(10)

    @Test func opensUpToTheLimitThenQueuesFIFO() {
        var machine = Machine(maximumOpen: 2)
        guard case .open = machine.acquire(id: 1, waiter: "a", deadline: Self.later) else { Issue.record("expected open"); return }
        guard case .open = machine.acquire(id: 2, waiter: "b", deadline: Self.later) else { Issue.record("expected open"); return }
        guard case .wait = machine.acquire(id: 3, waiter: "c", deadline: Self.later) else { Issue.record("expected wait"); return }
        guard case .wait = machine.acquire(id: 4, waiter: "d", deadline: Self.later) else { Issue.record("expected wait"); return }
        #expect(machine.openCount == 2)
        #expect(machine.waiters.map(\.waiter) == ["c", "d"])

        guard case .handOver("conn1", to: "c") = machine.release("conn1", reusable: true) else {
            Issue.record("first waiter must get the connection"); return
        }
        guard case .handOver("conn2", to: "d") = machine.release("conn2", reusable: true) else {
            Issue.record("second waiter must get the connection"); return
        }
        guard case .keep = machine.release("conn1", reusable: true) else { Issue.record("expected keep"); return }
        guard case .use("conn1") = machine.acquire(id: 5, waiter: "e", deadline: Self.later) else { Issue.record("expected idle reuse"); return }
        #expect(machine.inUseCount == 2)
    }

    @Test func theFastPathServesIdleConnectionsAndFreeSlotsButNeverQueues() {
        var machine = Machine(maximumOpen: 1)
        guard case .open = machine.acquireWithoutWaiting() else { Issue.record("expected open"); return }
        #expect(machine.acquireWithoutWaiting() == nil, "full: the caller must queue through acquire")
        #expect(machine.waiters.isEmpty, "the fast path queues nobody")
        guard case .keep = machine.release("conn1", reusable: true) else { Issue.record("expected keep"); return }
        guard case .use("conn1") = machine.acquireWithoutWaiting() else { Issue.record("expected idle reuse"); return }
        guard case .wait = machine.acquire(id: 1, waiter: "a", deadline: Self.later) else { Issue.record("expected wait"); return }
        #expect(machine.acquireWithoutWaiting() == nil, "a queued waiter is never overtaken")
        _ = machine.shutDown()
        guard case .fail = machine.acquireWithoutWaiting() else { Issue.record("expected fail after shutdown"); return }
    }

    @Test func brokenConnectionsFreeTheirSlotForTheNextWaiter() {
        var machine = Machine(maximumOpen: 1)
        _ = machine.acquire(id: 1, waiter: "a", deadline: Self.later)
        _ = machine.acquire(id: 2, waiter: "b", deadline: Self.later)
        guard case .openFor("b") = machine.release("dead", reusable: false) else {
            Issue.record("waiter should open a replacement"); return
        }
        #expect(machine.openCount == 1)
        #expect(machine.waiters.isEmpty)
        // Opening failed: the slot is free again.
        guard case .none = machine.freeSlot() else { Issue.record("expected none"); return }
        #expect(machine.openCount == 0)
        guard case .open = machine.acquire(id: 3, waiter: "c", deadline: Self.later) else { Issue.record("expected open"); return }
    }

    @Test func timedOutWaitersLeaveTheQueue() {
        var machine = Machine(maximumOpen: 1)
        _ = machine.acquire(id: 1, waiter: "a", deadline: Self.later)
        _ = machine.acquire(id: 2, waiter: "b", deadline: Self.later)
        _ = machine.acquire(id: 3, waiter: "c", deadline: Self.later)
        #expect(machine.removeWaiter(id: 2) == "b")
        #expect(machine.removeWaiter(id: 2) == nil)
        guard case .handOver(_, to: "c") = machine.release("conn", reusable: true) else {
            Issue.record("remaining waiter should be served"); return
        }
    }

    @Test func oneTimerServesEveryWaiterAndStopsWhenNobodyWaits() {
        var machine = Machine(maximumOpen: 1)
        guard case .open = machine.acquire(id: 1, waiter: "a", deadline: Self.start + .seconds(1)) else {
            Issue.record("expected open"); return
        }
        // The first queued caller arms the timer; later ones ride on it.
        guard case .wait(armTimer: true) = machine.acquire(id: 2, waiter: "b", deadline: Self.start + .seconds(2)) else {
            Issue.record("the first waiter must arm the timer"); return
        }
        for (id, waiter, second) in [(3, "c", 3), (4, "d", 4), (5, "e", 5)] {
            guard case .wait(armTimer: false) = machine.acquire(id: id, waiter: waiter, deadline: Self.start + .seconds(second)) else {
                Issue.record("only one timer per pool"); return
            }
        }
        // "b" was served before its deadline; "c" gave up (cancelled).
        guard case .handOver(_, to: "b") = machine.release("conn", reusable: true) else { Issue.record("expected b"); return }
        #expect(machine.removeWaiter(id: 3) == "c")

        // Woken at b's deadline: nobody expired yet, sleep until d's.
        var fired = machine.timerFired(now: Self.start + .seconds(2))
        #expect(fired.expired.isEmpty)
        #expect(fired.next == Self.start + .seconds(4))
        #expect(machine.isTimerArmed)

        // At d's deadline only d expires; e still waits.
        fired = machine.timerFired(now: Self.start + .seconds(4))
        #expect(fired.expired == ["d"])
        #expect(fired.next == Self.start + .seconds(5))
        #expect(machine.waiters.map(\.waiter) == ["e"])

        // Late wake-up: e expires too and the timer disarms.
        fired = machine.timerFired(now: Self.start + .seconds(9))
        #expect(fired.expired == ["e"])
        #expect(fired.next == nil)
        #expect(!machine.isTimerArmed)

        // The next queued caller arms it again.
        guard case .wait(armTimer: true) = machine.acquire(id: 6, waiter: "f", deadline: Self.start + .seconds(20)) else {
            Issue.record("a disarmed timer must be re-armed"); return
        }
    }

    @Test func shutdownFailsWaitersAndClosesReturningConnections() {
        var machine = Machine(maximumOpen: 2)
        _ = machine.acquire(id: 1, waiter: "a", deadline: Self.later)
        _ = machine.acquire(id: 2, waiter: "b", deadline: Self.later)
        _ = machine.release("idle", reusable: true)
        _ = machine.acquire(id: 3, waiter: "c", deadline: Self.later)  // takes "idle"
        _ = machine.acquire(id: 4, waiter: "d", deadline: Self.later)  // waits
        _ = machine.release("idle", reusable: true)  // handed to d
        _ = machine.release("spare", reusable: true)  // kept idle
        _ = machine.acquire(id: 5, waiter: "e", deadline: Self.later)  // takes spare
        _ = machine.acquire(id: 6, waiter: "f", deadline: Self.later)  // waits
        let (idle, waiters) = machine.shutDown()
        #expect(idle.isEmpty)
        #expect(waiters == ["f"])
        guard case .close("late") = machine.release("late", reusable: true) else { Issue.record("expected close"); return }
        guard case .fail = machine.acquire(id: 7, waiter: "g", deadline: Self.later) else { Issue.record("expected fail"); return }
        #expect(machine.openCount == 1)
    }

    @Test func backoffIsBoundedAndJittered() {
        for attempt in 1...20 {
            let delay = PostgresRetryBackoff.delay(afterAttempt: attempt)
            #expect(delay >= .milliseconds(1))
            #expect(delay <= PostgresRetryBackoff.cap)
        }
        let samples = Set((0..<50).map { _ in PostgresRetryBackoff.delay(afterAttempt: 6) })
        #expect(samples.count > 1)
    }

    /// A round trip that ran past its deadline: the waiters (queued behind connections that hang the
    /// same way) fail now, idle connections are closed, and callers are refused until an answer that
    /// is newer than the timeout arrives.
    @Test func aServerThatStoppedAnsweringIsRefusedUntilANewerAnswer() {
        var machine = Machine(maximumOpen: 2)
        _ = machine.acquire(id: 1, waiter: "a", deadline: Self.later)  // opens
        _ = machine.acquire(id: 2, waiter: "b", deadline: Self.later)  // opens
        guard case .wait = machine.acquire(id: 3, waiter: "c", deadline: Self.later) else { Issue.record("expected wait"); return }
        _ = machine.acquire(id: 4, waiter: "d", deadline: Self.later)
        let stopped = machine.serverStoppedAnswering(at: Self.start + .seconds(3))
        #expect(stopped.waiters == ["c", "d"])
        #expect(stopped.idle.isEmpty)
        #expect(stopped.startChecking)
        #expect(machine.waiters.isEmpty)

        guard case .refuse = machine.acquire(id: 5, waiter: "e", deadline: Self.later) else { Issue.record("expected refuse"); return }
        guard case .refuse = machine.acquireWithoutWaiting() else { Issue.record("expected refuse"); return }
        #expect(machine.waiters.isEmpty, "a refused caller is not queued")
        // A second timeout while refusing starts no second check.
        #expect(machine.serverStoppedAnswering(at: Self.start + .seconds(4)).startChecking == false)
        // An answer that arrived before the last timeout says nothing about the freeze: still refusing.
        #expect(machine.serverAnswered(at: Self.start + .seconds(4)) == false)
        guard case .refuse = machine.acquireWithoutWaiting() else { Issue.record("still refusing"); return }
        // A newer answer ends it; connections that come back are kept and handed out again.
        let ended = machine.serverAnswered(at: Self.start + .seconds(5))
        #expect(ended)
        #expect(machine.serverAnswered(at: Self.start + .seconds(6)) == false, "already answering")
        guard case .keep = machine.release("back", reusable: true) else { Issue.record("expected keep"); return }
        guard case .use("back") = machine.acquireWithoutWaiting() else { Issue.record("expected idle reuse"); return }
    }

    @Test func idleConnectionsAreClosedWhenTheServerStopsAnswering() {
        var machine = Machine(maximumOpen: 3)
        _ = machine.acquire(id: 1, waiter: "a", deadline: Self.later)
        _ = machine.acquire(id: 2, waiter: "b", deadline: Self.later)
        _ = machine.release("first", reusable: true)
        _ = machine.release("second", reusable: true)
        #expect(machine.openCount == 2)
        let stopped = machine.serverStoppedAnswering(at: Self.start)
        #expect(stopped.idle == ["first", "second"])
        #expect(stopped.waiters.isEmpty)
        #expect(machine.openCount == 0)
        #expect(machine.idle.isEmpty)
        let ended = machine.serverAnswered(at: Self.start + .milliseconds(1))
        #expect(ended)
        guard case .open = machine.acquireWithoutWaiting() else { Issue.record("expected open"); return }
    }

    @Test func roundTripDeadlinesBecomePollTimeouts() {
        let start = ContinuousClock.now
        let none = PostgresRoundTripDeadline(startingAt: start, timeout: nil)
        #expect(none.pollTimeout(now: start + .seconds(3600)) == -1)
        #expect(!none.hasPassed(at: start + .seconds(3600)))
        let deadline = PostgresRoundTripDeadline(startingAt: start, timeout: .seconds(2))
        #expect(deadline.pollTimeout(now: start) == 2000)
        // Rounded up: never wakes a fraction early and spins.
        #expect(deadline.pollTimeout(now: start + .microseconds(1_999_100)) == 1)
        #expect(deadline.pollTimeout(now: start + .seconds(2)) == 0)
        #expect(deadline.pollTimeout(now: start + .seconds(5)) == 0)
        #expect(deadline.hasPassed(at: start + .seconds(2)))
        #expect(!deadline.hasPassed(at: start + .milliseconds(1999)))
        let huge = PostgresRoundTripDeadline(startingAt: start, timeout: .seconds(100_000_000))
        #expect(huge.pollTimeout(now: start) == Int32.max)
    }

    @Test func theDefaultRoundTripDeadlineFollowsTheStatementTimeout() {
        var configuration = PostgresConfiguration(connectionString: "dbname=x", statementTimeout: .seconds(30))
        #expect(configuration.effectiveRoundTripTimeout == .seconds(35))
        configuration.statementTimeout = nil
        #expect(configuration.effectiveRoundTripTimeout == nil, "no statement timeout: long statements on purpose")
        configuration.roundTripTimeout = .seconds(7)
        #expect(configuration.effectiveRoundTripTimeout == .seconds(7))
        // The connection string comes last, so what the operator wrote wins over our defaults.
        let parameters = PostgresConnectionDefaults.parameters(for: configuration)
        #expect(parameters.last?.keyword == "dbname")
        #expect(parameters.first { $0.keyword == "tcp_user_timeout" }?.value == "20000")
        #expect(parameters.first { $0.keyword == "keepalives" }?.value == "1")
    }
}
