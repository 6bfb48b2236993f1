import Testing

@testable import ShiftyPostgres

@Suite("Pool state machine (no I/O)")
struct PoolStateMachineTests {
    typealias Machine = PostgresPoolStateMachine<String, String>

    @Test func opensUpToTheLimitThenQueuesFIFO() {
        var machine = Machine(maximumOpen: 2)
        guard case .open = machine.acquire(id: 1, waiter: "a") else { Issue.record("expected open"); return }
        guard case .open = machine.acquire(id: 2, waiter: "b") else { Issue.record("expected open"); return }
        guard case .wait = machine.acquire(id: 3, waiter: "c") else { Issue.record("expected wait"); return }
        guard case .wait = machine.acquire(id: 4, waiter: "d") else { Issue.record("expected wait"); return }
        #expect(machine.openCount == 2)
        #expect(machine.waiters.map(\.waiter) == ["c", "d"])

        guard case .handOver("conn1", to: "c") = machine.release("conn1", reusable: true) else {
            Issue.record("first waiter must get the connection"); return
        }
        guard case .handOver("conn2", to: "d") = machine.release("conn2", reusable: true) else {
            Issue.record("second waiter must get the connection"); return
        }
        guard case .keep = machine.release("conn1", reusable: true) else { Issue.record("expected keep"); return }
        guard case .use("conn1") = machine.acquire(id: 5, waiter: "e") else { Issue.record("expected idle reuse"); return }
        #expect(machine.inUseCount == 2)
    }

    @Test func brokenConnectionsFreeTheirSlotForTheNextWaiter() {
        var machine = Machine(maximumOpen: 1)
        _ = machine.acquire(id: 1, waiter: "a")
        _ = machine.acquire(id: 2, waiter: "b")
        guard case .openFor("b") = machine.release("dead", reusable: false) else {
            Issue.record("waiter should open a replacement"); return
        }
        #expect(machine.openCount == 1)
        #expect(machine.waiters.isEmpty)
        // Opening failed: the slot is free again.
        guard case .none = machine.freeSlot() else { Issue.record("expected none"); return }
        #expect(machine.openCount == 0)
        guard case .open = machine.acquire(id: 3, waiter: "c") else { Issue.record("expected open"); return }
    }

    @Test func timedOutWaitersLeaveTheQueue() {
        var machine = Machine(maximumOpen: 1)
        _ = machine.acquire(id: 1, waiter: "a")
        _ = machine.acquire(id: 2, waiter: "b")
        _ = machine.acquire(id: 3, waiter: "c")
        #expect(machine.removeWaiter(id: 2) == "b")
        #expect(machine.removeWaiter(id: 2) == nil)
        guard case .handOver(_, to: "c") = machine.release("conn", reusable: true) else {
            Issue.record("remaining waiter should be served"); return
        }
    }

    @Test func shutdownFailsWaitersAndClosesReturningConnections() {
        var machine = Machine(maximumOpen: 2)
        _ = machine.acquire(id: 1, waiter: "a")
        _ = machine.acquire(id: 2, waiter: "b")
        _ = machine.release("idle", reusable: true)
        _ = machine.acquire(id: 3, waiter: "c")  // takes "idle"
        _ = machine.acquire(id: 4, waiter: "d")  // waits
        _ = machine.release("idle", reusable: true)  // handed to d
        _ = machine.release("spare", reusable: true)  // kept idle
        _ = machine.acquire(id: 5, waiter: "e")  // takes spare
        _ = machine.acquire(id: 6, waiter: "f")  // waits
        let (idle, waiters) = machine.shutDown()
        #expect(idle.isEmpty)
        #expect(waiters == ["f"])
        guard case .close("late") = machine.release("late", reusable: true) else { Issue.record("expected close"); return }
        guard case .fail = machine.acquire(id: 7, waiter: "g") else { Issue.record("expected fail"); return }
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
}
