/// What `shifty login` remembers: which server, and the bearer token for it.
public struct StoredSession: Codable, Sendable, Hashable {
    public var server: String
    public var token: String
    public var workplace: String?
    public var username: String?
    public var expiresAt: String?

    public init(server: String, token: String, workplace: String? = nil, username: String? = nil, expiresAt: String? = nil) {
        self.server = server
        self.token = token
        self.workplace = workplace
        self.username = username
        self.expiresAt = expiresAt
    }
}
