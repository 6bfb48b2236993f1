import Foundation

/// The live client's connection logic as a state machine: inputs are what happened (a message, a
/// close, a timer), outputs are ``LiveClientAction``s for the I/O shell. No I/O, no clock, no randomness
/// of its own, so every path (resume, resync, backoff, session end) is tested directly.
///
/// The first connection subscribes with `?topics=`, loads the marketplace over HTTP after `hello` and
/// buffers events that arrive meanwhile. Every reconnection asks for `after=<last id>` in the same
/// query, which the server treats exactly like a `resume` message but atomically with the
/// subscription, so no event can slip between subscribing and resuming.
public struct LiveClientState: Sendable {
    public enum Phase: Sendable, Hashable {
        case idle
        /// A WebSocket is being opened (attempt 0 is the first connection).
        case connecting(attempt: Int)
        /// Open, waiting for `hello`.
        case awaitingHello(attempt: Int)
        /// `hello` arrived; the marketplace is loading over HTTP and events are buffered.
        case loading
        case connected
        case waitingToReconnect(attempt: Int)
        case sessionEnded
        case stopped(String)
    }

    public private(set) var phase: Phase = .idle
    /// The newest event id we have applied (or the `hello`'s newest id our HTTP load covers).
    public private(set) var lastEventID: Int64?
    public private(set) var hello: LiveHello?
    /// Topics asked for on every connection; `approvals` is added once a `hello` says we may.
    public private(set) var topics: [String]
    public let policy: ReconnectPolicy
    var buffered: [LiveEvent] = []
    var hasLoadedOnce = false
    /// Failed attempts since a connection last caught up (loaded the board or finished its replay), so a
    /// server that accepts and then drops us at once still sees the backoff grow.
    var failures = 0

    public static let defaultTopics = ["marketplace", "requests", "deals", "notifications"]

    public init(topics: [String] = LiveClientState.defaultTopics, policy: ReconnectPolicy = ReconnectPolicy()) {
        self.topics = topics
        self.policy = policy
    }

    /// The path and query of the next connection.
    public var connectTarget: String {
        var target = "/api/v1/live?topics=" + self.topics.joined(separator: ",")
        if let lastEventID, self.hasLoadedOnce { target += "&after=\(lastEventID)" }
        return target
    }

    public mutating func start() -> [LiveClientAction] {
        guard self.phase == .idle else { return [] }
        self.phase = .connecting(attempt: 0)
        return [.statusChanged, .connect(target: self.connectTarget)]
    }

    /// The 101 arrived.
    public mutating func connectionOpened() -> [LiveClientAction] {
        guard case .connecting(let attempt) = self.phase else { return [] }
        self.phase = .awaitingHello(attempt: attempt)
        return []
    }

    /// Opening the WebSocket failed; `random` in 0..<1 feeds the backoff's jitter.
    public mutating func connectFailed(_ failure: LiveConnectFailure, random: Double) -> [LiveClientAction] {
        guard case .connecting = self.phase else { return [] }
        switch failure {
        case .unauthorized:
            self.phase = .sessionEnded
            return [.statusChanged, .report(ProblemMessages.sessionEnded), .finish]
        case .refused(let status, let message):
            let reason = message.isEmpty
                ? TerminalLanguage.text("terminal.live.refused", ["status": "\(status)"])
                : TerminalLanguage.text("terminal.live.refusedWithMessage", ["status": "\(status)", "message": message])
            self.phase = .stopped(reason)
            return [.statusChanged, .report(reason), .finish]
        case .unsupported(let reason):
            self.phase = .stopped(reason)
            return [.statusChanged, .report(reason), .finish]
        case .unreachable:
            return self.scheduleReconnect(random: random)
        }
    }

    /// The connection ended with the server's close code (`nil`: dropped without a close frame).
    public mutating func connectionClosed(code: UInt16?, random: Double) -> [LiveClientAction] {
        switch self.phase {
        case .awaitingHello, .loading, .connected, .connecting:
            break
        case .idle, .waitingToReconnect, .sessionEnded, .stopped:
            return []
        }
        self.buffered = []
        switch code {
        case 1008:
            self.phase = .sessionEnded
            return [.statusChanged, .report(ProblemMessages.sessionEnded), .finish]
        case 1002, 1003, 1007, 1009:
            let reason = TerminalLanguage.text("terminal.live.closedByServer", ["code": code.map(String.init) ?? "-"])
            self.phase = .stopped(reason)
            return [.statusChanged, .report(reason), .finish]
        default:
            // 1000, 1001 (another instance takes over), 1011, 1013 (we read too slowly), or a drop.
            return self.scheduleReconnect(random: random)
        }
    }

    /// How long opening a connection may take, from the TCP connect to `hello`.
    public static let openTimeout: Double = 15

    /// `openTimeout` passed since the last `.connect` and no `hello` came: the server accepted but does
    /// not answer (overloaded, half-open, a proxy holding the request). Give up on it and retry.
    public mutating func openTimedOut(random: Double) -> [LiveClientAction] {
        switch self.phase {
        case .connecting, .awaitingHello:
            return [.abandonConnection] + self.scheduleReconnect(random: random)
        default:
            return []
        }
    }

    public mutating func reconnectDelayElapsed() -> [LiveClientAction] {
        guard case .waitingToReconnect(let attempt) = self.phase else { return [] }
        self.phase = .connecting(attempt: attempt)
        return [.statusChanged, .connect(target: self.connectTarget)]
    }

    /// A text message arrived.
    public mutating func received(_ message: LiveServerMessage) -> [LiveClientAction] {
        switch message {
        case .hello(let hello):
            return self.receivedHello(hello)
        case .event(let event):
            return self.receivedEvent(event)
        case .resyncRequired(_, _, let newest):
            guard self.isOpen else { return [] }
            self.lastEventID = newest
            self.buffered = []
            self.phase = .loading
            return [.statusChanged, .loadMarketplace]
        case .error(let code, let text):
            return [.report(ProblemMessages.message(for: APIProblem(status: 0, code: code, detail: text)))]
        case .resumed(_, _, let replayed):
            // Caught up: this connection works, so the next drop starts the backoff afresh.
            self.failures = 0
            // Worth a word only when something was actually missed.
            guard replayed > 0 else { return [] }
            return [.report(TerminalLanguage.plural("terminal.live.caughtUp", count: replayed))]
        case .subscribed, .now, .pong, .unknown:
            return []
        }
    }

    /// The HTTP load asked for by `.loadMarketplace` finished.
    public mutating func marketplaceLoaded(_ shifts: [MarketShift]) -> [LiveClientAction] {
        guard self.phase == .loading else { return [] }
        let first = !self.hasLoadedOnce
        self.hasLoadedOnce = true
        self.failures = 0
        self.phase = .connected
        var actions: [LiveClientAction] = [.statusChanged, .replaceBoard(shifts, firstLoad: first)]
        let pending = self.buffered
        self.buffered = []
        for event in pending { actions += self.receivedEvent(event) }
        return actions
    }

    /// The HTTP load failed: drop this connection and try again with backoff.
    public mutating func marketplaceLoadFailed(_ message: String) -> [LiveClientAction] {
        guard self.phase == .loading else { return [] }
        // The close that follows is ours; treat it like a drop.
        self.phase = .connecting(attempt: self.failures)
        return [.report(TerminalLanguage.text("terminal.live.loadFailed", ["message": message])), .close]
    }

    /// The user quits.
    public mutating func stop() -> [LiveClientAction] {
        switch self.phase {
        case .sessionEnded, .stopped: return []
        default:
            self.phase = .stopped("quit")
            return [.close, .finish]
        }
    }

    /// What the screen shows; `reconnectAt` is when the shell's timer fires.
    public func status(reconnectAt: Date) -> ConnectionStatus {
        switch self.phase {
        case .idle, .connecting, .awaitingHello: .connecting
        case .loading: .loading
        case .connected: .connected
        case .waitingToReconnect(let attempt): .reconnecting(at: reconnectAt, attempt: attempt)
        case .sessionEnded: .sessionEnded
        case .stopped(let reason): .stopped(reason)
        }
    }

    var isOpen: Bool {
        switch self.phase {
        case .awaitingHello, .loading, .connected: true
        default: false
        }
    }

    private mutating func receivedHello(_ hello: LiveHello) -> [LiveClientAction] {
        guard case .awaitingHello = self.phase else { return [] }
        self.hello = hello
        var actions: [LiveClientAction] = [.statusChanged]
        if hello.topics.contains("approvals"), !self.topics.contains("approvals") {
            self.topics.append("approvals")
            actions.append(.send(#"{"type":"subscribe","topics":["approvals"]}"#))
        }
        if self.hasLoadedOnce {
            // Resumed through `after` in the query: the replay follows, then live events.
            self.phase = .connected
        } else {
            self.lastEventID = hello.newestEventId
            self.phase = .loading
            actions.append(.loadMarketplace)
        }
        return actions
    }

    private mutating func receivedEvent(_ event: LiveEvent) -> [LiveClientAction] {
        switch self.phase {
        case .loading:
            self.buffered.append(event)
            return []
        case .connected, .awaitingHello:
            // A replay and live delivery are merged by id on the server; never apply an id twice anyway.
            if let last = self.lastEventID, event.id <= last { return [] }
            self.lastEventID = event.id
            return [.apply(event)]
        default:
            return []
        }
    }

    private mutating func scheduleReconnect(random: Double) -> [LiveClientAction] {
        self.failures += 1
        let delay = self.policy.delay(attempt: self.failures, random: random)
        self.phase = .waitingToReconnect(attempt: self.failures)
        return [.statusChanged, .scheduleReconnect(seconds: delay, attempt: self.failures)]
    }
}
