import Synchronization

/// A mutex-backed lock for test helpers.
final class NSLockLite: Sendable {
    private let mutex = Mutex<Void>(())

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        try self.mutex.withLock { _ in try body() }
    }
}
