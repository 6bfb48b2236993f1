import Logging
import NIOCore
import ShiftyEvents
import ShiftyPostgres
import ShiftyServerCore
import ShiftyWebSocket

/// One live WebSocket: its member, subscriptions and delivery state. Every method runs on the
/// connection's event loop (the WebSocket callbacks and the shard's fan-out both do).
package final class LiveConnection: @unchecked Sendable {
    let recipient: LiveRecipient
    let eventLoop: any EventLoop
    let startingFloor: Int64
    private let caller: LiveCaller
    private let services: LiveServices
    /// Confined to `eventLoop`.
    private var socket: WebSocketConnection?
    private var state: LiveConnectionState<WebSocketPreEncodedFrame>
    private var pendingResume: Int64?
    /// The replay in progress (confined to `eventLoop`), see LiveConnection+Replay.swift.
    var replay = LiveReplayProgress()
    /// This connection's place in the hub's per-session and per-member replay slots.
    var replayTicket: LiveAdmission.Ticket {
        LiveAdmission.Ticket(id: ObjectIdentifier(self), userID: recipient.userID, sessionID: recipient.sessionID)
    }

    package init(caller: LiveCaller, eventLoop: any EventLoop, topics: LiveTopicSet, newestEventID: Int64, resumeAfter: Int64?, services: LiveServices) {
        self.caller = caller
        self.recipient = caller.recipient
        self.eventLoop = eventLoop
        self.startingFloor = newestEventID
        self.services = services
        self.pendingResume = resumeAfter
        self.state = LiveConnectionState(recipient: recipient, subscriptions: topics, startingAfter: newestEventID)
    }

    func isSubscribed(to topic: LiveTopic) -> Bool { state.subscriptions.contains(topic) }

    // MARK: WebSocket callbacks

    package func opened(_ socket: WebSocketConnection) {
        self.socket = socket
        socket.send(text: LiveMessageText.hello(
            caller, newestEventID: startingFloor, retentionDays: services.retentionDays, subscribed: state.subscriptions))
        services.hub.register(self)
        if state.subscriptions.contains(.now) {
            services.hub.nowSubscription(of: recipient.workplaceID, added: true)
            sendNowBoard()
        }
        // Always catch up from where this connection starts: events committed between the hello's
        // id and the registration above are read here, live ones are held back meanwhile.
        let requested = pendingResume
        pendingResume = nil
        startReplay(explicitAfter: requested)
    }

    package func received(_ message: WebSocketMessage) {
        guard let text = message.text else {
            send(error: .binaryNotSupported, "Send JSON text messages.")
            return
        }
        switch LiveClientMessage.parse(text, isManager: recipient.isManager) {
        case .failure(let refusal):
            send(error: refusal.code, refusal.message)
        case .success(.ping):
            socket?.send(text: LiveMessageText.pong)
        case .success(.subscribe(let topics)):
            let added = !state.subscriptions.contains(LiveTopic.now) && topics.contains(LiveTopic.now)
            state.subscriptions.formUnion(topics)
            socket?.send(text: LiveMessageText.subscribed(state.subscriptions))
            if added {
                services.hub.nowSubscription(of: recipient.workplaceID, added: true)
                sendNowBoard()
            }
        case .success(.unsubscribe(let topics)):
            let removed = state.subscriptions.contains(LiveTopic.now) && topics.contains(LiveTopic.now)
            state.subscriptions.subtract(topics)
            socket?.send(text: LiveMessageText.subscribed(state.subscriptions))
            if removed { services.hub.nowSubscription(of: recipient.workplaceID, added: false) }
        case .success(.resume(let after)):
            if state.isReplaying {
                // The catch-up of a new connection (or an earlier resume) is still reading: this one
                // runs right after it, from the client's id.
                pendingResume = after
            } else {
                startReplay(explicitAfter: after)
            }
        }
    }

    package func closed() {
        state.close()
        replayEnded(closing: true)
        services.hub.unregister(self, wasWatchingNow: state.subscriptions.contains(.now))
        socket = nil
    }

    // MARK: Delivery

    /// A live event from the shard's fan-out.
    func receiveLive(_ delivery: LiveDelivery) {
        switch state.receive(delivery.event, frame: delivery.frame) {
        case .send:
            socket?.send(delivery.frame)
            services.metrics.eventsDelivered.increment()
        case .skip, .buffered: break
        case .overflow:
            services.metrics.slowClientCloses.increment()
            services.metrics.eventsDropped.increment()
            socket?.close(code: .tryAgainLater, reason: "too many events while catching up; resume")
        }
    }

    func send(_ frame: WebSocketPreEncodedFrame) {
        socket?.send(frame)
    }

    func close(code: WebSocketCloseCode, reason: String) {
        socket?.close(code: code, reason: reason)
    }

    private func send(error code: ProblemCode.Server, _ message: String) {
        socket?.send(text: LiveMessageText.error(code: code, message: message))
    }

    private func sendNowBoard() {
        guard let provider = services.nowBoard else { return }
        let workplace = recipient.workplaceID
        Task {
            guard let text = await provider(workplace) else { return }
            self.eventLoop.execute { self.socket?.send(text: text) }
        }
    }

    // MARK: Replay
    //
    // A replay holds one of the member's replay slots (``LiveHub/requestReplaySlot(for:)``; more wait
    // their turn), reads one page at a time off the event loop (the database read and the JSON encoding
    // both), and reads the next page only once the socket took the previous one: a client that does
    // not read holds one page, not its whole history.

    private func startReplay(explicitAfter: Int64?) {
        guard state.beginReplay(explicitAfter: explicitAfter) else { return }
        replay = LiveReplayProgress(explicitAfter: explicitAfter)
        if services.hub.requestReplaySlot(for: self) {
            replay.slot = .holding
            readFirstPage()
        } else {
            replay.slot = .waiting
            services.metrics.replaysQueued.increment()
        }
    }

    /// The hub handed this connection a replay slot it waited for.
    func replaySlotGranted() {
        guard socket != nil, replay.slot == .waiting else {
            // Closed (or no longer waiting) meanwhile: pass the slot on.
            services.hub.releaseReplaySlot(for: self)
            return
        }
        replay.slot = .holding
        readFirstPage()
    }

    private func readFirstPage() {
        let start = state.replayStart
        let explicitAfter = replay.explicitAfter
        let recipient = self.recipient
        let services = self.services
        let pageSize = services.hub.limits.replayPageSize
        Task {
            let outcome: Result<LiveReplayStart, any Error>
            do {
                outcome = .success(try await services.beginReplay(for: recipient, after: start, requested: explicitAfter, pageSize: pageSize))
            } catch {
                outcome = .failure(error)
            }
            self.eventLoop.execute { self.replayBegan(outcome) }
        }
    }

    private func replayBegan(_ outcome: Result<LiveReplayStart, any Error>) {
        guard let socket, replay.slot == .holding else { return }
        switch outcome {
        case .failure(let error):
            replayFailed(error)
        case .success(.resyncRequired(let oldest, let newest)):
            state.skipHistory(through: newest)
            for item in state.finishReplay() { socket.send(item.frame) }
            socket.send(text: LiveMessageText.resyncRequired(
                after: replay.explicitAfter ?? startingFloor, oldestAvailableID: oldest, newestEventID: newest))
            replayEnded(closing: false)
        case .success(.reading(let through, let page)):
            replay.through = through
            receivePage(page)
        }
    }

    private func receivePage(_ page: LiveReplayPage) {
        replay.cursor = page.cursor
        replay.isLastPage = page.isLast
        let wanted = state.replayed(page.events)
        replay.frames = ArraySlice(wanted.compactMap { page.frames[$0.id] })
        pumpReplay()
    }

    /// Sends the page's frames while the socket takes them; waits for it to drain otherwise; then reads
    /// the next page or completes the replay.
    private func pumpReplay() {
        guard let socket, replay.slot == .holding, state.isReplaying else { return }
        var sent = 0
        while socket.isWritable, let frame = replay.frames.popFirst() {
            socket.send(frame)
            sent += 1
        }
        replay.replayed += sent
        services.metrics.eventsDelivered.increment(by: sent)
        guard replay.frames.isEmpty else {
            socket.whenWritable { self.pumpReplay() }
            return
        }
        guard replay.isLastPage else {
            readNextPage()
            return
        }
        let held = state.finishReplay()
        for item in held { socket.send(item.frame) }
        if let explicitAfter = replay.explicitAfter {
            socket.send(text: LiveMessageText.resumed(
                after: explicitAfter, through: max(replay.through, state.lastProcessedID), replayed: replay.replayed))
        }
        replayEnded(closing: false)
    }

    private func readNextPage() {
        let (cursor, through) = (replay.cursor, replay.through)
        let recipient = self.recipient
        let services = self.services
        let pageSize = services.hub.limits.replayPageSize
        Task {
            let outcome: Result<LiveReplayPage, any Error>
            do {
                outcome = .success(try await services.replayPage(for: recipient, after: cursor, through: through, pageSize: pageSize))
            } catch {
                outcome = .failure(error)
            }
            self.eventLoop.execute {
                guard self.socket != nil, self.replay.slot == .holding else { return }
                switch outcome {
                case .success(let page): self.receivePage(page)
                case .failure(let error): self.replayFailed(error)
                }
            }
        }
    }

    private func replayFailed(_ error: any Error) {
        services.logger.error("live replay failed", metadata: ["error": "\(error)", "workplace": "\(recipient.workplaceID)"])
        state.close()
        socket?.close(code: .internalServerError, reason: "could not read missed events; resume")
        replayEnded(closing: true)
    }

    /// Gives the replay slot back (or leaves the queue); then runs a `resume` that arrived meanwhile.
    private func replayEnded(closing: Bool) {
        switch replay.slot {
        case .none: break
        case .waiting: services.hub.cancelReplaySlot(for: self)
        case .holding: services.hub.releaseReplaySlot(for: self)
        }
        replay = LiveReplayProgress()
        guard !closing, let next = pendingResume else { return }
        pendingResume = nil
        startReplay(explicitAfter: next)
    }
}
