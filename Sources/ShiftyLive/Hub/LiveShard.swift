import Foundation
import NIOCore
import ShiftyEvents
import ShiftyWebSocket

/// The live connections of one event loop, by workplace. Only touched on that event loop, so the
/// fan-out to thousands of connections takes no lock and hops threads once per event batch.
final class LiveShard: @unchecked Sendable {
    let eventLoop: any EventLoop
    /// Confined to `eventLoop`.
    private var connections: [Int64: [ObjectIdentifier: LiveConnection]] = [:]
    /// Fan-outs not finished yet, in arrival order (so every connection gets batches in id order).
    private var sweeps = CircularBuffer<LiveSweep<LiveConnection>>()
    private var sweepResumes = false
    /// Frames sent per slice of a fan-out before the loop goes back to its sockets (~1–2 ms of writes).
    /// `SHIFTY_LIVE_FANOUT_SLICE` overrides it for benchmarks (a huge value: the whole sweep in one go,
    /// as before issue 14).
    static let sliceBudget = ProcessInfo.processInfo.environment["SHIFTY_LIVE_FANOUT_SLICE"].flatMap(Int.init).map { max(1, $0) } ?? 256
    /// The pause between slices. A task submitted with `execute` runs in the same loop iteration as
    /// the one that submitted it (NIO drains its task queue before polling sockets); a task due a
    /// little later makes the loop poll its sockets first.
    static let slicePause = TimeAmount.microseconds(20)

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func add(_ connection: LiveConnection) {
        eventLoop.preconditionInEventLoop()
        connections[connection.recipient.workplaceID, default: [:]][ObjectIdentifier(connection)] = connection
    }

    func remove(_ connection: LiveConnection) {
        eventLoop.preconditionInEventLoop()
        let workplace = connection.recipient.workplaceID
        connections[workplace]?.removeValue(forKey: ObjectIdentifier(connection))
        if connections[workplace]?.isEmpty == true { connections.removeValue(forKey: workplace) }
    }

    /// Delivers a batch of events (ascending ids per workplace) with their shared frames, one slice at a
    /// time (see ``LiveSweep``).
    func deliver(_ batch: [LiveDelivery]) {
        eventLoop.preconditionInEventLoop()
        var byWorkplace: [Int64: [LiveDelivery]] = [:]
        var order: [Int64] = []
        for delivery in batch {
            let workplace = delivery.event.workplaceID
            if byWorkplace[workplace] == nil { order.append(workplace) }
            byWorkplace[workplace, default: []].append(delivery)
        }
        for workplace in order {
            guard let recipients = connections[workplace], let deliveries = byWorkplace[workplace] else { continue }
            sweeps.append(LiveSweep(recipients: Array(recipients.values), cost: deliveries.count) { connection in
                for delivery in deliveries { connection.receiveLive(delivery) }
            })
        }
        runSweeps()
    }

    /// Sends a non-event message to the workplace's connections subscribed to `topic`.
    func broadcast(_ frame: WebSocketPreEncodedFrame, workplaceID: Int64, topic: LiveTopic) {
        eventLoop.preconditionInEventLoop()
        guard let recipients = connections[workplaceID] else { return }
        sweeps.append(LiveSweep(recipients: Array(recipients.values), cost: 1) { connection in
            if connection.isSubscribed(to: topic) { connection.send(frame) }
        })
        runSweeps()
    }

    /// Runs one slice of the pending fan-outs; schedules the next slice after a pause for the sockets.
    private func runSweeps() {
        guard !sweepResumes else { return }  // the next slice is scheduled: it keeps the order
        var budget = Self.sliceBudget
        while budget > 0, var sweep = sweeps.popFirst() {
            if !sweep.run(budget: &budget) {
                sweeps.prepend(sweep)
            }
        }
        guard !sweeps.isEmpty else { return }
        sweepResumes = true
        eventLoop.scheduleTask(in: Self.slicePause) {
            self.sweepResumes = false
            self.runSweeps()
        }
    }

    /// Closes every connection (shutdown) or those of the given sessions (logout, deactivation).
    func close(sessions: Set<Int64>?, code: WebSocketCloseCode, reason: String) {
        eventLoop.preconditionInEventLoop()
        for recipients in connections.values {
            for connection in recipients.values where sessions.map({ $0.contains(connection.recipient.sessionID) }) ?? true {
                connection.close(code: code, reason: reason)
            }
        }
    }
}

/// One event with the frame every recipient gets.
struct LiveDelivery: Sendable {
    var event: OutboxEvent
    var frame: WebSocketPreEncodedFrame

    init(_ event: OutboxEvent) {
        self.event = event
        self.frame = WebSocketPreEncodedFrame(text: LiveMessageText.event(event))
    }
}
