/// Wakes an instance's notification delivery when events were committed anywhere, so an e-mail or
/// a push leaves a moment after the change instead of at the next poll.
///
/// The live feed signals it for every `shifty_events` NOTIFY it receives (the same notification
/// that carries events across instances). Signals coalesce: a burst of trades is one delivery round.
/// The poll stays as the safety net for a lost NOTIFY and for retries that come due.
public final class NotificationWakeup: Sendable {
    let signals: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() {
        (signals, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks for a delivery round soon; a round already asked for absorbs this one.
    public func signal() { continuation.yield() }

    /// Ends the stream (shutdown).
    public func finish() { continuation.finish() }
}
