/// The live stream's answer to `subscribe` and `unsubscribe` (`{"type":"subscribed",…}`,
/// docs/live-protocol.md): the topics the connection is subscribed to now. The server encodes
/// this type and the terminal decodes it.
public struct LiveSubscribed: Codable, Sendable, Hashable {
    /// Always `subscribed` (the live message's type).
    public var type: String
    public var topics: [String]

    public init(topics: [String]) {
        self.type = "subscribed"
        self.topics = topics
    }
}
