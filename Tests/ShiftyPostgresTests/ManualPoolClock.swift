import Foundation
@testable import ShiftyPostgres

/// A pool clock that moves only when the test says so: sleepers wake when ``advance(by:)`` reaches
/// their deadline, never because real time passed.
final class ManualPoolClock: @unchecked Sendable {
    private let lock = NSLock()
    private let start = ContinuousClock.now
    private var offset: Duration = .zero
    private var sleepers: [(deadline: ContinuousClock.Instant, continuation: CheckedContinuation<Void, Never>)] = []

    /// How far the test has moved the clock.
    var elapsed: Duration { lock.withLock { offset } }

    var now: ContinuousClock.Instant { lock.withLock { start + offset } }

    var poolClock: PostgresPoolClock {
        PostgresPoolClock(now: { [self] in now }, sleep: { [self] deadline in await sleep(until: deadline) })
    }

    func sleep(until deadline: ContinuousClock.Instant) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let due = lock.withLock { () -> Bool in
                if start + offset >= deadline { return true }
                sleepers.append((deadline, continuation))
                return false
            }
            if due { continuation.resume() }
        }
    }

    func advance(by duration: Duration) {
        let due = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            offset += duration
            let now = start + offset
            let due = sleepers.filter { $0.deadline <= now }.map(\.continuation)
            sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for continuation in due { continuation.resume() }
    }
}
