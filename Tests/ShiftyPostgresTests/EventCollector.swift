import ShiftyPostgres

/// Collects listener events from a background task so tests can wait for them with a timeout.
actor EventCollector {
    private(set) var events: [PostgresListenerEvent] = []
    private var consumer: Task<Void, Never>?

    func start(_ stream: AsyncStream<PostgresListenerEvent>) {
        consumer = Task { [weak self] in
            for await event in stream {
                await self?.append(event)
            }
        }
    }

    private func append(_ event: PostgresListenerEvent) {
        events.append(event)
    }

    /// The first event matching `predicate`, waiting up to `timeout` (a hang guard, not a latency bound).
    func first(
        timeout: Duration = .seconds(60), where predicate: @Sendable (PostgresListenerEvent) -> Bool
    ) async -> PostgresListenerEvent? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let match = events.first(where: predicate) { return match }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return events.first(where: predicate)
    }
}
