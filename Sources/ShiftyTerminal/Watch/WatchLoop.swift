import Foundation
import NIOCore
import ShiftyWebSocket

/// The mutable side of ``LiveWatcher``, owned by its `run` task: the state machine, the board, the
/// current connection and the screen.
struct WatchLoop {
    let configuration: LiveWatcher.Configuration
    let continuation: AsyncStream<WatchInput>.Continuation
    let observers: Locked<[@Sendable (WatchSnapshot) -> Void]>
    let api: ShiftyAPIClient
    var state: LiveClientState
    var board = MarketBoard()
    var connection: WebSocketConnection?
    /// Increases with every connection attempt; inputs of older ones are ignored.
    var generation = 0
    var connections = 0
    var reconnectAt = Date()
    var appliedEventIDs: [Int64] = []
    static let appliedHistoryLimit = 10_000
    var lastCloseCode: UInt16?
    /// Raw text of events not yet applied, for `--json` (events wait while the board loads).
    var rawEvents: [Int64: String] = [:]
    var screen: TerminalScreen?
    var outcome: LiveWatcher.Outcome?

    init(
        configuration: LiveWatcher.Configuration, continuation: AsyncStream<WatchInput>.Continuation,
        observers: Locked<[@Sendable (WatchSnapshot) -> Void]>
    ) {
        self.configuration = configuration
        self.continuation = continuation
        self.observers = observers
        self.api = ShiftyAPIClient(server: configuration.server, token: configuration.token, caFile: configuration.caFile)
        self.state = LiveClientState(topics: configuration.topics, policy: configuration.policy)
        if case .table(let colour) = configuration.output { self.screen = TerminalScreen(colour: colour) }
    }

    mutating func begin() {
        self.screen?.enter()
        self.perform(self.state.start())
    }

    /// Starts closing the connection and leaves the screen; the returned future completes when the
    /// TCP connection is gone (the close handshake is bounded by the WebSocket close timeout).
    mutating func end() -> EventLoopFuture<Void>? {
        let closed = self.connection?.channel.closeFuture
        self.connection?.close()
        self.screen?.leave()
        self.noteOutcome()
        return closed
    }

    private func noteOutcome() {
        // Once the screen is gone, say why we stopped where the user will see it.
        guard self.configuration.output != .silent else { return }
        switch self.outcome {
        case .sessionEnded: self.configuration.sink.err(ProblemMessages.sessionEnded + "\n")
        case .stopped(let reason) where reason != "quit": self.configuration.sink.err(TerminalLanguage.text("terminal.watch.stopped", ["reason": reason]) + "\n")
        default: break
        }
    }

    /// Handles one input; returns the outcome when the watcher is done.
    mutating func handle(_ input: WatchInput) -> LiveWatcher.Outcome? {
        let now = Date()
        switch input {
        case .opened(let connection, let generation):
            guard generation == self.generation else {
                connection.close()
                return nil
            }
            self.connection = connection
            self.connections += 1
            self.perform(self.state.connectionOpened())
        case .connectFailed(let failure, let generation):
            guard generation == self.generation else { return nil }
            self.perform(self.state.connectFailed(failure, random: Double.random(in: 0..<1)))
        case .message(let text, let generation):
            guard generation == self.generation else { return nil }
            guard let message = LiveServerMessage.decode(text) else {
                self.note(TerminalLanguage.text("terminal.watch.badMessage"))
                return nil
            }
            if case .event(let event) = message, self.configuration.output == .json { self.rawEvents[event.id] = text }
            self.perform(self.state.received(message))
            // Raw texts wait only while the board loads (events are buffered then); others were used or dropped.
            if self.state.phase != .loading { self.rawEvents.removeAll() }
        case .closed(let code, let generation):
            guard generation == self.generation else { return nil }
            self.connection = nil
            self.lastCloseCode = code
            self.perform(self.state.connectionClosed(code: code, random: Double.random(in: 0..<1)))
        case .reconnectDue(let generation):
            guard generation == self.generation else { return nil }
            self.perform(self.state.reconnectDelayElapsed())
        case .reconnectNow:
            self.perform(self.state.reconnectDelayElapsed())
        case .openTimeout(let generation):
            guard generation == self.generation else { return nil }
            self.perform(self.state.openTimedOut(random: Double.random(in: 0..<1)))
        case .loaded(_, let generation) where generation != self.generation:
            // Asked for by a connection that is gone: its snapshot may predate the new one's hello.
            return nil
        case .loaded(.success(let shifts), _):
            self.perform(self.state.marketplaceLoaded(shifts))
        case .loaded(.failure(let error), _):
            if error.problemCode == "session_expired" || error.problemCode == "unauthenticated" {
                self.outcome = .sessionEnded
            } else {
                self.perform(self.state.marketplaceLoadFailed(error.message))
            }
        case .tick:
            self.board.expire(at: now)
            if self.readerGone { self.outcome = .quit }
        case .drop:
            self.connection?.channel.close(promise: nil)
        case .stop:
            self.perform(self.state.stop())
            self.outcome = self.outcome ?? .quit
        }
        self.redraw(at: now)
        return self.outcome
    }

    mutating func perform(_ actions: [LiveClientAction]) {
        // Reported once the other actions ran, so a reconnect's countdown is already set.
        var statusChanged = false
        defer { if statusChanged { self.noteStatus() } }
        for action in actions {
            switch action {
            case .connect(let target):
                self.connect(target: target)
            case .loadMarketplace:
                let api = self.api
                let continuation = self.continuation
                let generation = self.generation
                Task {
                    do throws(APIClientError) {
                        continuation.yield(.loaded(.success(try await api.marketplace()), generation: generation))
                    } catch {
                        continuation.yield(.loaded(.failure(error), generation: generation))
                    }
                }
            case .replaceBoard(let shifts, let firstLoad):
                if firstLoad {
                    self.board = MarketBoard(shifts: shifts, flashDuration: self.board.flashDuration)
                } else {
                    self.board.replace(with: shifts, at: Date())
                }
                if !firstLoad {
                    self.note(TerminalLanguage.plural("terminal.watch.reloaded", count: self.board.activeCount))
                }
            case .apply(let event):
                self.board.apply(event, at: Date())
                self.appliedEventIDs.append(event.id)
                // Observers need the recent history only; a watch left running for weeks stays small.
                if self.appliedEventIDs.count > Self.appliedHistoryLimit {
                    self.appliedEventIDs.removeFirst(self.appliedEventIDs.count / 2)
                }
                self.print(event)
                if self.readerGone { self.outcome = .quit }
            case .send(let text):
                self.connection?.send(text: text)
            case .scheduleReconnect(let seconds, _):
                self.reconnectAt = Date().addingTimeInterval(seconds)
                let generation = self.generation
                let continuation = self.continuation
                Task {
                    try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                    continuation.yield(.reconnectDue(generation: generation))
                }
            case .close:
                self.connection?.close()
            case .abandonConnection:
                self.generation += 1
                self.connection?.channel.close(promise: nil)
                self.connection = nil
            case .report(let text):
                self.note(text)
            case .statusChanged:
                statusChanged = true
            case .finish:
                switch self.state.phase {
                case .sessionEnded: self.outcome = .sessionEnded
                case .stopped(let reason): self.outcome = reason == "quit" ? .quit : .stopped(reason)
                default: self.outcome = .quit
                }
            }
        }
    }

    mutating func connect(target: String) {
        self.generation += 1
        let generation = self.generation
        let continuation = self.continuation
        Task {
            try? await Task.sleep(for: .seconds(LiveClientState.openTimeout))
            continuation.yield(.openTimeout(generation: generation))
        }
        let callbacks = WebSocketCallbacks(
            onMessage: { message, _ in
                if let text = message.text { continuation.yield(.message(text, generation: generation)) }
            },
            onClose: { code, _ in continuation.yield(.closed(code?.rawValue, generation: generation)) }
        )
        let server = self.configuration.server
        LiveSocket.connect(
            host: server.host, port: server.port, target: server.liveTarget(target), token: self.configuration.token,
            tls: server.isTLS ? LiveSocket.TLS(caFile: self.configuration.caFile) : nil,
            callbacks: callbacks
        ).whenComplete { result in
            switch result {
            case .success(let connection): continuation.yield(.opened(connection, generation: generation))
            case .failure(let error):
                continuation.yield(.connectFailed(error as? LiveConnectFailure ?? .unreachable("\(error)"), generation: generation))
            }
        }
    }

    /// Printing lines to a pipe whose reader has gone: nothing more can be shown, so stop.
    var readerGone: Bool {
        switch self.configuration.output {
        case .lines, .json: self.configuration.sink.isClosed()
        case .table, .silent: false
        }
    }

    func print(_ event: LiveEvent) {
        switch self.configuration.output {
        case .lines:
            self.configuration.sink.out(EventLineFormatter.line(for: event) + "\n")
        case .json:
            if let raw = self.rawEvents[event.id], let line = EventJSONLine.line(fromMessage: raw) {
                self.configuration.sink.out(line + "\n")
            }
        case .table, .silent:
            break
        }
    }

    /// Messages for the user: on stderr when printing lines, in the footer's place otherwise.
    func note(_ text: String) {
        switch self.configuration.output {
        case .lines, .json: self.configuration.sink.err("shifty watch: \(text)\n")  // i18n-exempt: the program's name before its message
        case .table: self.screen?.setNote(text)
        case .silent: break
        }
    }

    func noteStatus() {
        guard self.configuration.output == .lines || self.configuration.output == .json else { return }
        let status = self.state.status(reconnectAt: self.reconnectAt)
        var text = status.text(at: Date())
        if status == .connected, let last = self.state.lastEventID {
            text += " (" + TerminalLanguage.text("terminal.watch.lastEvent", ["event": "\(last)"]) + ")"
        }
        self.configuration.sink.err("shifty watch: \(text)\n")  // i18n-exempt: the program's name before its message
    }

    mutating func redraw(at now: Date) {
        let status = self.state.status(reconnectAt: self.reconnectAt)
        let header = WatchHeader(
            workplaceName: self.state.hello?.workplace.name ?? "", userName: self.state.hello?.user.displayName ?? "",
            status: status, lastEventID: self.state.lastEventID)
        self.screen?.draw(self.board, header: header, at: now)
        let snapshot = WatchSnapshot(
            board: self.board, status: status, lastEventID: self.state.lastEventID,
            appliedEventIDs: self.appliedEventIDs, connections: self.connections, lastCloseCode: self.lastCloseCode)
        for observer in self.observers.withLock({ $0 }) { observer(snapshot) }
    }
}
