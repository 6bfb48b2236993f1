import Foundation

/// Records values in the order different threads appended them.
final class OrderRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Int] = []

    func append(_ value: Int) {
        lock.lock()
        recorded.append(value)
        lock.unlock()
    }

    var values: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
