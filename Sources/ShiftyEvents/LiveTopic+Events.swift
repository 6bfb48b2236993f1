extension LiveTopicSet {
    /// The topics an event type belongs to (``EventType/topics``). Unknown types (rows written by a
    /// newer version) belong to none and are never pushed.
    package static func of(eventType type: String) -> LiveTopicSet {
        EventType(rawValue: type)?.topics ?? .none
    }
}
