import Foundation

/// A member as the API shows them. Never carries the password hash.
public struct UserView: Codable, Sendable, Equatable {
    public var id: Int64
    public var workplaceID: Int64
    public var username: String
    public var displayName: String
    public var email: String?
    public var role: Role
    public var payType: PayType
    public var active: Bool
}

/// A workplace as the API shows it.
public struct WorkplaceView: Codable, Sendable, Equatable {
    public var id: Int64
    public var slug: String
    public var name: String
    public var timeZone: String
    public var settings: WorkplaceSettings
}

/// What login, sign-up and workplace creation answer: who you are and your token.
///
/// Browsers also get the token as an HttpOnly cookie; the terminal client keeps `token`
/// and sends it as `Authorization: Bearer`.
public struct SessionView: Codable, Sendable {
    public var token: String
    public var expiresAt: Date
    public var user: UserView
    public var workplace: WorkplaceView
}

/// An invite code as a manager sees it in the list (the code itself is shown once, at creation).
public struct InviteView: Codable, Sendable {
    public var id: Int64
    public var role: Role
    public var createdAt: Date
    public var expiresAt: Date
    public var maxUses: Int
    public var uses: Int
    public var revoked: Bool
    public var note: String?
    /// Only present in the answer to creation.
    public var code: String?
}
