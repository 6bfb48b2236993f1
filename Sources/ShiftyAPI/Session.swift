import Foundation

/// What login, sign-up, workplace creation and a password reset answer (openapi.yaml `Session`):
/// the bearer token, when it expires, and who and where it belongs to. The server encodes this
/// type and the terminal decodes it (`shifty login` keeps `token` and sends it as
/// `Authorization: Bearer`; browsers get the token as an HttpOnly cookie too).
public struct Session: Codable, Sendable, Hashable {
    public var token: String
    @ISO8601Date public var expiresAt: Date
    public var user: User
    public var workplace: Workplace

    public init(token: String, expiresAt: Date, user: User, workplace: Workplace) {
        self.token = token
        self.expiresAt = expiresAt
        self.user = user
        self.workplace = workplace
    }
}
