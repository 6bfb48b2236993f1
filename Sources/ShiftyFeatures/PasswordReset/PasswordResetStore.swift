import Foundation
import ShiftyPostgres
import ShiftySecurity

/// SQL for `password_reset_tokens`: only the token's SHA-256 is stored.
enum PasswordResetStore {
    /// A new token for `userID`; returns the token (shown or mailed once), its row id and expiry.
    static func create(
        userID: Int64, createdBy: Int64?, lifetime: Duration, on connection: PostgresConnection
    ) throws -> (token: String, id: Int64, expiresAt: Date) {
        let token = SecretToken()
        let row = try connection.query(
            """
            INSERT INTO password_reset_tokens (user_id, token_hash, created_by, expires_at)
            VALUES (\(userID), \(token.hash), \(createdBy), now() + make_interval(secs => \(Double(lifetime.components.seconds)))) RETURNING id, expires_at
            """)[0]
        return (token.value, try row.decode("id"), try row.decode("expires_at"))
    }

    /// The member a live token belongs to (not used, not expired, member active), without using it.
    static func peek(token: String, on connection: PostgresConnection) throws -> Int64? {
        try connection.query(
            """
            SELECT t.user_id FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
            WHERE t.token_hash = \(SecretToken.hash(of: token)) AND t.used_at IS NULL AND t.expires_at > now() AND u.active
            """).first?.decode("user_id")
    }

    /// Uses the token (once: the row is marked in the same statement) and every other open token of
    /// the same member; returns the member, or nil when it was not valid.
    static func consume(token: String, on connection: PostgresConnection) throws -> Int64? {
        guard let userID: Int64 = try connection.query(
            """
            UPDATE password_reset_tokens t SET used_at = now() FROM users u
            WHERE t.token_hash = \(SecretToken.hash(of: token)) AND t.used_at IS NULL AND t.expires_at > now() AND u.id = t.user_id AND u.active
            RETURNING t.user_id
            """).first?.decode("user_id") else { return nil }
        try connection.execute("UPDATE password_reset_tokens SET used_at = now() WHERE user_id = \(userID) AND used_at IS NULL")
        return userID
    }

    /// How many links were mailed to the member in the last hour (the per-account throttle).
    static func recentEmailRequests(userID: Int64, on connection: PostgresConnection) throws -> Int {
        try connection.query(
            "SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = \(userID) AND created_by IS NULL AND created_at > now() - interval '1 hour'")[0].decode("n")
    }
}
