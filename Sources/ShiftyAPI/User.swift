/// A member as the API shows them (openapi.yaml `User`): a login answer's `user`, the member
/// lists and `GET /api/v1/me`. Never carries a password hash. The server writes its member value
/// through this type; the terminal decodes it from a login answer.
public struct User: Codable, Sendable, Hashable {
    public var id: Int64
    public var workplaceID: Int64
    public var username: String
    public var displayName: String
    /// Left out when the member has none.
    public var email: String?
    /// `true` when the stored `email` is not an address Shifty mails (it was stored before
    /// addresses were checked); left out otherwise. Nothing is sent to it until it is corrected.
    public var emailInvalid: Bool?
    /// `employee` or `manager`.
    public var role: String
    /// `normal` or `diligence` (how the timeclock counts their month).
    public var payType: String
    public var active: Bool

    public init(
        id: Int64, workplaceID: Int64, username: String, displayName: String, email: String? = nil, emailInvalid: Bool? = nil,
        role: String, payType: String, active: Bool
    ) {
        self.id = id
        self.workplaceID = workplaceID
        self.username = username
        self.displayName = displayName
        self.email = email
        self.emailInvalid = emailInvalid
        self.role = role
        self.payType = payType
        self.active = active
    }
}
