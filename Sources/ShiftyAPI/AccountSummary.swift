/// Who a session belongs to, as the server describes it in a login answer and in the live `hello`.
public struct AccountUser: Codable, Sendable, Hashable {
    public var id: Int64
    public var username: String
    public var displayName: String
    public var role: User.Role

    public init(id: Int64, username: String, displayName: String, role: User.Role) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.role = role
    }
}

/// The workplace of a session, as in a login answer and the live `hello` (only the latter names
/// its time zone).
public struct AccountWorkplace: Codable, Sendable, Hashable {
    public var id: Int64
    public var slug: String
    public var name: String
    public var timeZone: String?

    public init(id: Int64, slug: String, name: String, timeZone: String? = nil) {
        self.id = id
        self.slug = slug
        self.name = name
        self.timeZone = timeZone
    }
}
