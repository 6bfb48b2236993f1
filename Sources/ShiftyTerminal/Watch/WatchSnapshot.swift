/// What the watcher shows at one moment, for observers (tests, and anything embedding the client).
public struct WatchSnapshot: Sendable {
    public var board: MarketBoard
    public var status: ConnectionStatus
    public var lastEventID: Int64?
    /// The events applied so far, in order (the most recent several thousand).
    public var appliedEventIDs: [Int64]
    /// How many WebSocket connections were opened (1 + reconnections).
    public var connections: Int
    /// The close code of the last connection that ended (`nil`: none yet, or dropped without one).
    public var lastCloseCode: UInt16?
}
