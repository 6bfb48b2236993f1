/// The server's first message on the live stream (`{"type":"hello",…}`, docs/live-protocol.md): who
/// we are, where, and the newest event id. The server encodes this type and the terminal decodes it.
public struct LiveHello: Codable, Sendable, Hashable {
    public typealias User = AccountUser
    public typealias Workplace = AccountWorkplace

    /// Always `hello` (the live message's type).
    public var type: String
    public var `protocol`: Int
    public var user: User
    public var workplace: Workplace
    /// State loaded over HTTP after this message plus `resume` from this id loses nothing.
    public var newestEventId: Int64
    public var retentionDays: Int?
    /// What this user may subscribe to (`approvals` only for managers).
    public var topics: [String]
    public var subscribed: [String]

    public init(
        protocol: Int = 1, user: User, workplace: Workplace, newestEventId: Int64, retentionDays: Int?, topics: [String],
        subscribed: [String]
    ) {
        self.type = "hello"
        self.protocol = `protocol`
        self.user = user
        self.workplace = workplace
        self.newestEventId = newestEventId
        self.retentionDays = retentionDays
        self.topics = topics
        self.subscribed = subscribed
    }
}
