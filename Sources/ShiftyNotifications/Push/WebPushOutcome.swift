/// What the push service said about one message (RFC 8030 §5, §7.3).
public enum WebPushOutcome: Sendable, Equatable {
    /// 201 Created (or another 2xx): the push service accepted the message.
    case delivered
    /// Worth trying again later: network trouble, 429, 5xx, or a refusal of this message
    /// (400/413) that an outbox gives up on after its retry limit. The reason is for people.
    case retryLater(String)
    /// 404/410 (and 403: the subscription belongs to another VAPID key): the subscription is dead;
    /// the caller deletes it.
    case gone(String)
}

/// RFC 8030 §5.3: how urgently a device should wake up for the message.
public enum WebPushUrgency: String, Sendable {
    case veryLow = "very-low"
    case low
    case normal
    case high
}
