import Logging
import NIOCore
import ShiftyPostgres
import ShiftyWebSocket

/// One live WebSocket: its member, subscriptions and delivery state. Every method runs on the
/// connection's event loop (the WebSocket callbacks and the shard's fan-out both do).
final class LiveConnection: @unchecked Sendable {
    let recipient: LiveRecipient
    let eventLoop: any EventLoop
    let startingFloor: Int64
    private let caller: AuthenticatedUser
    private let services: LiveServices
    /// Confined to `eventLoop`.
    private var socket: WebSocketConnection?
    private var state: LiveConnectionState<WebSocketPreEncodedFrame>
    private var pendingResume: Int64?

    init(caller: AuthenticatedUser, sessionID: Int64, eventLoop: any EventLoop, topics: LiveTopicSet, newestEventID: Int64, resumeAfter: Int64?, services: LiveServices) {
        self.caller = caller
        self.recipient = LiveRecipient(userID: caller.id, workplaceID: caller.workplaceID, isManager: caller.isManager, sessionID: sessionID)
        self.eventLoop = eventLoop
        self.startingFloor = newestEventID
        self.services = services
        self.pendingResume = resumeAfter
        self.state = LiveConnectionState(recipient: recipient, subscriptions: topics, startingAfter: newestEventID)
    }

    func isSubscribed(to topic: LiveTopic) -> Bool { state.subscriptions.contains(topic) }

    // MARK: WebSocket callbacks

    func opened(_ socket: WebSocketConnection) {
        self.socket = socket
        socket.send(text: LiveServerMessage.hello(
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

    func received(_ message: WebSocketMessage) {
        guard let text = message.text else {
            send(error: .binaryNotSupported, "Send JSON text messages.")
            return
        }
        switch LiveClientMessage.parse(text, isManager: recipient.isManager) {
        case .failure(let refusal):
            send(error: refusal.code, refusal.message)
        case .success(.ping):
            socket?.send(text: LiveServerMessage.pong)
        case .success(.subscribe(let topics)):
            let added = !state.subscriptions.contains(LiveTopic.now) && topics.contains(LiveTopic.now)
            state.subscriptions.formUnion(topics)
            socket?.send(text: LiveServerMessage.subscribed(state.subscriptions))
            if added {
                services.hub.nowSubscription(of: recipient.workplaceID, added: true)
                sendNowBoard()
            }
        case .success(.unsubscribe(let topics)):
            let removed = state.subscriptions.contains(LiveTopic.now) && topics.contains(LiveTopic.now)
            state.subscriptions.subtract(topics)
            socket?.send(text: LiveServerMessage.subscribed(state.subscriptions))
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

    func closed() {
        state.close()
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

    private func send(error code: ProblemCode, _ message: String) {
        socket?.send(text: LiveServerMessage.error(code: code, message: message))
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

    private func startReplay(explicitAfter: Int64?) {
        guard state.beginReplay(explicitAfter: explicitAfter) else { return }
        let start = state.replayStart
        let workplace = recipient.workplaceID
        let services = self.services
        Task {
            let outcome: LiveReplayOutcome
            do {
                outcome = try await services.replay(workplaceID: workplace, after: start, requested: explicitAfter)
            } catch {
                services.logger.error("live replay failed", metadata: ["error": "\(error)", "workplace": "\(workplace)"])
                outcome = .failed
            }
            self.eventLoop.execute { self.finishReplay(outcome, explicitAfter: explicitAfter) }
        }
    }

    private func finishReplay(_ outcome: LiveReplayOutcome, explicitAfter: Int64?) {
        guard let socket else { return }
        switch outcome {
        case .failed:
            state.close()
            socket.close(code: .internalServerError, reason: "could not read missed events; resume")
            return
        case .resyncRequired(let oldest, let newest):
            state.skipHistory(through: newest)
            for item in state.finishReplay() { socket.send(item.frame) }
            socket.send(text: LiveServerMessage.resyncRequired(after: explicitAfter ?? startingFloor, oldestAvailableID: oldest, newestEventID: newest))
        case .events(let events, let through):
            let missed = state.replayed(events)
            for event in missed {
                socket.send(text: LiveServerMessage.event(event))
            }
            services.metrics.eventsDelivered.increment(by: missed.count)
            let held = state.finishReplay()
            for item in held { socket.send(item.frame) }
            if let explicitAfter {
                socket.send(text: LiveServerMessage.resumed(
                    after: explicitAfter, through: max(through, state.lastProcessedID), replayed: missed.count))
            }
        }
        if let next = pendingResume {
            pendingResume = nil
            startReplay(explicitAfter: next)
        }
    }
}
