/// What a ``PostgresListener`` reports.
public enum PostgresListenerEvent: Sendable, Hashable {
    /// `NOTIFY channel, 'payload'` arrived; `backendPID` is the *sending* session.
    case notification(channel: String, payload: String, backendPID: Int32)
    /// The listener is connected and listening (first connection).
    case connected(backendPID: Int32)
    /// The connection had dropped and is back. Notifications sent in between are lost, so the
    /// consumer should catch up from the last id it delivered.
    case reconnected(backendPID: Int32)
}
