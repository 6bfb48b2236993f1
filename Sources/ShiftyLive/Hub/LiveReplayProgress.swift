import ShiftyWebSocket

/// Where one connection's replay stands: its slot, how far it has read, and the frames of the current
/// page still to send. Confined to the connection's event loop.
struct LiveReplayProgress {
    enum Slot: Equatable {
        /// No replay running.
        case none
        /// Waiting for one of the member's replay slots.
        case waiting
        /// Reading and sending.
        case holding
    }

    var slot: Slot = .none
    /// The id the client resumed after (`nil`: the connection's own catch-up).
    var explicitAfter: Int64?
    /// The last id read; the next page starts after it.
    var cursor: Int64 = 0
    /// The newest id when the replay began: the replay reads up to here, later events arrive live.
    var through: Int64 = 0
    var isLastPage = false
    /// Frames of the current page not sent yet.
    var frames: ArraySlice<WebSocketPreEncodedFrame> = []
    /// Events sent so far (the `replayed` count of `resumed`).
    var replayed = 0

    init() {}

    init(explicitAfter: Int64?) {
        self.explicitAfter = explicitAfter
    }
}
