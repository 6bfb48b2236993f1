/// The server's first message on the live stream: who we are, where, and the newest event id.
public struct LiveHello: Decodable, Sendable, Hashable {
    public typealias User = AccountUser
    public typealias Workplace = AccountWorkplace

    public var `protocol`: Int
    public var user: User
    public var workplace: Workplace
    /// State loaded over HTTP after this message plus `resume` from this id loses nothing.
    public var newestEventId: Int64
    public var retentionDays: Int?
    /// What this user may subscribe to (`approvals` only for managers).
    public var topics: [String]
    public var subscribed: [String]
}
