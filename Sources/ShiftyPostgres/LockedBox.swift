import Foundation

/// A value guarded by a lock, for the small pieces of shared state of the pool and the listener.
///
/// (`Synchronization.Mutex` would need macOS 15, the package supports macOS 14.)
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
