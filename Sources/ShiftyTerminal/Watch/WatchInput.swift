import ShiftyWebSocket

/// Everything that can happen to the watcher, funnelled into one ordered stream.
enum WatchInput: Sendable {
    /// `generation` tells a current connection's callbacks from a previous one's.
    case opened(WebSocketConnection, generation: Int)
    case connectFailed(LiveConnectFailure, generation: Int)
    case message(String, generation: Int)
    case closed(UInt16?, generation: Int)
    case reconnectDue(generation: Int)
    case openTimeout(generation: Int)
    /// A marketplace load finished; `generation` is the connection it was asked for.
    case loaded(Result<[MarketShift], APIClientError>, generation: Int)
    case tick
    /// Ends a reconnect's wait at once (the state machine ignores it unless it is waiting).
    case reconnectNow
    case drop
    case stop
}
