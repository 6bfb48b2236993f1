/// A bearer secret (session, invite, kiosk or calendar token) and the hash we store for it.
///
/// Only ``hash`` ever reaches the database, so a leaked backup cannot be replayed as logins.
public struct SecretToken: Sendable {
    /// What the client holds: 256 random bits, base64url.
    public let value: String
    /// Lower-case hex SHA-256 of ``value``: what the server stores and looks up.
    public let hash: String

    public init(byteCount: Int = 32) {
        let value = SecureRandom.token(byteCount: byteCount)
        self.value = value
        self.hash = Digest.sha256Hex(value)
    }

    /// The stored form of a token presented by a client.
    public static func hash(of presented: String) -> String {
        Digest.sha256Hex(presented)
    }
}
