import Foundation

/// Runs `operation` in a task of its own and waits at most `limit` for it: `nil` when it is still
/// running then (it goes on in the background). For tests of code that may hang in a call that
/// cannot be cancelled (a blocking libpq call on a frozen server): the test fails instead of hanging.
/// `limit` is a "wildly exceeded" bound, never a latency assertion.
public func outcome<T: Sendable>(
    within limit: Duration, _ operation: @escaping @Sendable () async throws -> T
) async -> Result<T, any Error>? {
    let once = OnceResult<Result<T, any Error>?>()
    return await withCheckedContinuation { continuation in
        once.install(continuation)
        Task {
            let result: Result<T, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            once.resolve(result)
        }
        Task {
            try? await Task.sleep(for: limit)
            once.resolve(nil)
        }
    }
}

/// Resumes a continuation with the first value it gets.
private final class OnceResult<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?
    private var resolved = false

    func install(_ continuation: CheckedContinuation<Value, Never>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
    }

    func resolve(_ value: Value) {
        lock.lock()
        guard !resolved, let continuation else {
            lock.unlock()
            return
        }
        resolved = true
        self.continuation = nil
        lock.unlock()
        continuation.resume(returning: value)
    }
}
