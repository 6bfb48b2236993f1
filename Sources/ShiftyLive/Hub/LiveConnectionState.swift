import ShiftyEvents
/// What one live connection has delivered and what it is waiting for; no I/O, tested on its own.
///
/// The invariants the protocol promises live here: events of the workplace go out in id order, never
/// twice, only when visible to the member and subscribed; while a replay from the database runs,
/// live events are held back (bounded) and merged after it by id.
struct LiveConnectionState<Frame> {
    enum Phase {
        /// Delivering live events as they come.
        case live
        /// A replay query is running; live events wait here in id order.
        case replaying(buffer: [(event: OutboxEvent, frame: Frame)], explicitAfter: Int64?)
        case closed
    }

    /// What to do with a live event.
    enum LiveDecision {
        case send
        case skip
        case buffered
        /// The replay buffer is full: close with 1013 (the client resumes on a new connection).
        case overflow
    }

    let recipient: LiveRecipient
    var subscriptions: LiveTopicSet
    /// Ids at or below this were before this connection (the client has them from HTTP or a replay).
    private(set) var floor: Int64
    /// Every id in `(floor, lastProcessedID]` was sent or deliberately skipped on this connection.
    private(set) var lastProcessedID: Int64
    private(set) var phase: Phase = .live
    let bufferLimit: Int

    init(recipient: LiveRecipient, subscriptions: LiveTopicSet, startingAfter floor: Int64, bufferLimit: Int = 10_000) {
        self.recipient = recipient
        self.subscriptions = subscriptions
        self.floor = floor
        self.lastProcessedID = floor
        self.bufferLimit = bufferLimit
    }

    var isReplaying: Bool {
        if case .replaying = phase { return true }
        return false
    }

    func wants(_ event: OutboxEvent) -> Bool {
        event.topics.intersects(subscriptions) && event.isVisible(to: recipient)
    }

    /// A live event from the fan-out.
    mutating func receive(_ event: OutboxEvent, frame: Frame) -> LiveDecision {
        switch phase {
        case .closed:
            return .skip
        case .replaying(var buffer, let explicitAfter):
            guard event.id > lastProcessedID else { return .skip }
            if let last = buffer.last?.event.id, event.id <= last { return .skip }
            guard buffer.count < bufferLimit else {
                phase = .closed
                return .overflow
            }
            buffer.append((event, frame))
            phase = .replaying(buffer: buffer, explicitAfter: explicitAfter)
            return .buffered
        case .live:
            guard event.id > lastProcessedID else { return .skip }
            lastProcessedID = event.id
            return wants(event) ? .send : .skip
        }
    }

    /// Starts a replay after `after` (`nil`: the implicit catch-up from the connection's own start).
    /// Returns false when one is already running.
    mutating func beginReplay(explicitAfter: Int64?) -> Bool {
        guard case .live = phase else { return false }
        phase = .replaying(buffer: [], explicitAfter: explicitAfter)
        return true
    }

    /// Where the replay query starts.
    var replayStart: Int64 {
        if case .replaying(_, let explicitAfter?) = phase { return min(explicitAfter, floor) }
        return lastProcessedID
    }

    /// Whether `id` was already handled on this connection (sent or skipped).
    func alreadyProcessed(_ id: Int64) -> Bool {
        id > floor && id <= lastProcessedID
    }

    /// Events read by the replay query (ascending ids): returns those to send now, in order.
    mutating func replayed(_ events: [OutboxEvent]) -> [OutboxEvent] {
        guard isReplaying else { return [] }
        var out: [OutboxEvent] = []
        for event in events where !alreadyProcessed(event.id) {
            if event.id > lastProcessedID { lastProcessedID = event.id }
            if wants(event) { out.append(event) }
        }
        return out
    }

    /// The replay is complete: returns the held-back live events still to send, in order.
    mutating func finishReplay() -> [(event: OutboxEvent, frame: Frame)] {
        guard case .replaying(let buffer, let explicitAfter) = phase else { return [] }
        if let explicitAfter { floor = min(floor, explicitAfter) }
        phase = .live
        var out: [(event: OutboxEvent, frame: Frame)] = []
        for item in buffer where item.event.id > lastProcessedID {
            lastProcessedID = item.event.id
            if wants(item.event) { out.append(item) }
        }
        return out
    }

    /// After `resync_required`: the client reloads over HTTP, so everything up to `newest` counts as had.
    mutating func skipHistory(through newest: Int64) {
        floor = max(floor, newest)
        lastProcessedID = max(lastProcessedID, newest)
    }

    mutating func close() {
        phase = .closed
    }
}
