/// A snapshot of the pool, for `/metrics` and for tests.
public struct PostgresPoolStatistics: Sendable, Hashable {
    /// Connections open or being opened.
    public var open: Int
    /// Connections handed out right now.
    public var inUse: Int
    /// Callers queued for a connection.
    public var waiting: Int
    /// The configured maximum.
    public var maximum: Int

    public init(open: Int, inUse: Int, waiting: Int, maximum: Int) {
        self.open = open
        self.inUse = inUse
        self.waiting = waiting
        self.maximum = maximum
    }
}
