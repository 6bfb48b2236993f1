/// A stream a live client can subscribe to (docs/live-protocol.md, "Topics").
///
/// Topics only select *what* a client wants; *whether* it may see an event is decided by the event's
/// audience on every delivery (``OutboxEvent/isVisible(to:)``).
public enum LiveTopic: String, Sendable, CaseIterable, Codable {
    case marketplace
    case requests
    case deals
    case approvals
    case notifications
    case schedule
    case now

    /// One bit per topic, so a connection's subscriptions and an event's topics are compared with one AND.
    var bit: UInt8 { 1 << UInt8(Self.allCases.firstIndex(of: self) ?? 0) }

    /// Whether a member with this role may subscribe (the approval queue is for managers).
    package func isAllowed(isManager: Bool) -> Bool {
        self != .approvals || isManager
    }

    /// The topics a member may subscribe to, in protocol order.
    package static func allowed(isManager: Bool) -> [LiveTopic] {
        allCases.filter { $0.isAllowed(isManager: isManager) }
    }
}

/// A set of topics as a bit mask: cheap to copy and to test on the hot fan-out path.
package struct LiveTopicSet: Sendable, Hashable {
    var bits: UInt8

    package static let none = LiveTopicSet(bits: 0)

    init(bits: UInt8) { self.bits = bits }

    package init(_ topics: some Sequence<LiveTopic>) {
        bits = topics.reduce(0) { $0 | $1.bit }
    }

    package func contains(_ topic: LiveTopic) -> Bool { bits & topic.bit != 0 }
    package func intersects(_ other: LiveTopicSet) -> Bool { bits & other.bits != 0 }
    package var topics: [LiveTopic] { LiveTopic.allCases.filter(contains) }
    package var isEmpty: Bool { bits == 0 }

    package mutating func formUnion(_ other: LiveTopicSet) { bits |= other.bits }
    package mutating func subtract(_ other: LiveTopicSet) { bits &= ~other.bits }
}
