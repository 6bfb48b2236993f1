import Foundation
import ShiftyEvents

/// One row of the `events` table as the live layer delivers it.
package struct OutboxEvent: Sendable {
    enum Audience: Sendable, Equatable {
        case workplace
        case managers
        case users([Int64])
    }

    var id: Int64
    var workplaceID: Int64
    var type: String
    var audience: Audience
    var createdAt: Date
    /// The payload exactly as stored (JSON text), embedded verbatim as `data`.
    var payloadJSON: String
    package var topics: LiveTopicSet
    /// For manager-only events read from the database: who is an active manager now (see
    /// ``LiveEventStore/columns``). A connection's own `isManager` is from when it opened.
    var currentManagerIDs: Set<Int64>?

    init(id: Int64, workplaceID: Int64, type: String, audience: Audience, createdAt: Date, payloadJSON: String) {
        self.id = id
        self.workplaceID = workplaceID
        self.type = type
        self.audience = audience
        self.createdAt = createdAt
        self.payloadJSON = payloadJSON
        self.topics = LiveTopicSet.of(eventType: type)
    }

    /// The authorization rule of every delivery: same workplace, and in the event's audience.
    package func isVisible(to recipient: LiveRecipient) -> Bool {
        guard recipient.workplaceID == workplaceID else { return false }
        switch audience {
        case .workplace: return true
        case .managers: return recipient.isManager && (currentManagerIDs?.contains(recipient.userID) ?? true)
        case .users(let ids): return ids.contains(recipient.userID)
        }
    }
}
