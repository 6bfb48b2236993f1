import Foundation

/// An invite code as a manager sees it (openapi.yaml `Invite`): `GET /api/v1/invites` and the
/// answer to creating one (the code itself is shown once, at creation).
public struct InviteView: Codable, Sendable, Hashable {
    public var id: Int64
    /// The role a member joining with the code gets.
    public var role: User.Role
    @ISO8601Date public var createdAt: Date
    @ISO8601Date public var expiresAt: Date
    public var maxUses: Int
    public var uses: Int
    public var revoked: Bool
    public var note: String?
    /// Only present in the answer to creation.
    public var code: String?

    public init(
        id: Int64, role: User.Role, createdAt: Date, expiresAt: Date, maxUses: Int, uses: Int, revoked: Bool, note: String? = nil,
        code: String? = nil
    ) {
        self.id = id
        self.role = role
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.maxUses = maxUses
        self.uses = uses
        self.revoked = revoked
        self.note = note
        self.code = code
    }
}
