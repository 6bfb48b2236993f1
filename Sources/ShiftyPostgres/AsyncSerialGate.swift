/// Lets one task at a time through, first come first served, without blocking a thread: the
/// ambient transaction's connection is shared by a request's child tasks, and libpq allows one
/// statement at a time on a connection.
final class AsyncSerialGate: Sendable {
    private let state = LockedBox((busy: false, waiters: [CheckedContinuation<Void, Never>]()))

    /// Waits until the gate is free and takes it. Not cancellable: whoever holds the gate holds it
    /// for one statement batch, not for long.
    func enter() async {
        let entered = state.withLock { state -> Bool in
            guard !state.busy else { return false }
            state.busy = true
            return true
        }
        if entered { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let enteredNow = state.withLock { state -> Bool in
                if state.busy {
                    state.waiters.append(continuation)
                    return false
                }
                state.busy = true
                return true
            }
            if enteredNow { continuation.resume() }
        }
    }

    /// Hands the gate to the next waiter, or frees it.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.busy = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
