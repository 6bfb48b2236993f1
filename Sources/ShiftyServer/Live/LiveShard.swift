import NIOCore
import ShiftyWebSocket

/// The live connections of one event loop, by workplace. Only touched on that event loop, so the
/// fan-out to thousands of connections takes no lock and hops threads once per event batch.
final class LiveShard: @unchecked Sendable {
    let eventLoop: any EventLoop
    /// Confined to `eventLoop`.
    private var connections: [Int64: [ObjectIdentifier: LiveConnection]] = [:]

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

    /// Delivers a batch of events (ascending ids per workplace) with their shared frames.
    func deliver(_ batch: [LiveDelivery]) {
        eventLoop.preconditionInEventLoop()
        for delivery in batch {
            guard let recipients = connections[delivery.event.workplaceID] else { continue }
            for connection in recipients.values {
                connection.receiveLive(delivery)
            }
        }
    }

    /// Sends a non-event message to the workplace's connections subscribed to `topic`.
    func broadcast(_ frame: WebSocketPreEncodedFrame, workplaceID: Int64, topic: LiveTopic) {
        eventLoop.preconditionInEventLoop()
        guard let recipients = connections[workplaceID] else { return }
        for connection in recipients.values where connection.isSubscribed(to: topic) {
            connection.send(frame)
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
    var event: LiveEvent
    var frame: WebSocketPreEncodedFrame

    init(_ event: LiveEvent) {
        self.event = event
        self.frame = WebSocketPreEncodedFrame(text: LiveServerMessage.event(event))
    }
}
