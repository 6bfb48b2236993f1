/// Holds the caller's non-escaping closure while a pool thread runs it; ``clear()`` drops it before
/// `withoutActuallyEscaping` checks that it did not escape.
final class BodyBox<Result>: @unchecked Sendable {
    private var body: ((PostgresConnection) throws -> Result)?

    init(_ body: @escaping (PostgresConnection) throws -> Result) {
        self.body = body
    }

    func call(_ connection: PostgresConnection) throws -> Result {
        guard let body else { throw PostgresError(kind: .closed, message: "the operation was abandoned") }
        return try body(connection)
    }

    /// Called only after the pool thread finished with the closure.
    func clear() {
        body = nil
    }
}
