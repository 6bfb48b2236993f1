/// Who a session belongs to, as the server describes it in a login answer and in the live `hello`.
public struct AccountUser: Decodable, Sendable, Hashable {
    public var id: Int64
    public var username: String
    public var displayName: String
    public var role: String
}

/// The workplace of a session, as in a login answer and the live `hello` (only the latter names
/// its time zone).
public struct AccountWorkplace: Decodable, Sendable, Hashable {
    public var id: Int64
    public var slug: String
    public var name: String
    public var timeZone: String?
}
