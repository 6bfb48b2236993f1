import Foundation

/// A one-time password reset link a manager made for a member (`POST /api/v1/password-resets`).
public struct PasswordResetLinkView: Codable, Sendable, Hashable {
    /// The page's reset address with the token: shown once, to hand over to the member.
    public var link: String
    @ISO8601Date public var expiresAt: Date

    public init(link: String, expiresAt: Date) {
        self.link = link
        self.expiresAt = expiresAt
    }
}
