import Foundation
import ShiftyAPI
import ShiftyLocalization
import ShiftyPostgres
import ShiftySecurity
import ShiftyServerCore

/// How a session was presented, which decides whether CSRF checks apply: a browser's HttpOnly
/// `cookie` (unsafe requests must pass the Origin check) or `bearer` from the terminal client or
/// scripts (not sent automatically by browsers). The same enum as the `client` field the login,
/// sign-up, workplace creation and password reset bodies carry, so it is ShiftyAPI's.
public typealias SessionKind = ShiftyAPI.SessionKind

/// SQL for sessions. Tokens are stored only as SHA-256 hashes.
package enum SessionStore {
    static func create(userID: Int64, kind: SessionKind, lifetime: Duration, userAgent: String?, on connection: PostgresConnection) throws -> (token: String, expiresAt: Date) {
        let token = SecretToken()
        let rows = try connection.query(
            """
            INSERT INTO sessions (token_hash, user_id, kind, expires_at, user_agent)
            VALUES (\(token.hash), \(userID), \(kind.rawValue), now() + make_interval(secs => \(Double(lifetime.components.seconds))), \(userAgent.map { String($0.prefix(300)) })) RETURNING expires_at
            """)
        return (token.value, try rows[0].decode("expires_at"))
    }

    /// The live session for a presented token: not expired, not revoked, user active.
    /// The session, member and workplace of a token's hash: the first statement of every
    /// authenticated request.
    static func lookupStatement(tokenHash: String) -> PostgresQuery {
        """
        SELECT s.id AS session_id, \(sql: AccountStore.userColumns), u.language AS user_language,
               w.id AS w_id, w.slug AS w_slug, w.name AS w_name, w.time_zone AS w_time_zone, w.settings::text AS w_settings
        FROM sessions s
        JOIN users u ON u.id = s.user_id
        JOIN workplaces w ON w.id = u.workplace_id
        WHERE s.token_hash = \(bind: tokenHash) AND s.revoked_at IS NULL AND s.expires_at > now() AND u.active
        """
    }

    package static func lookup(token: String, presentedAs kind: SessionKind, on connection: PostgresConnection) throws -> AuthenticatedUser? {
        let rows = try connection.query(lookupStatement(tokenHash: SecretToken.hash(of: token)))
        guard let row = rows.first else { return nil }
        return AuthenticatedUser(
            sessionID: try row.decode("session_id"),
            user: try AccountStore.user(from: row),
            workplace: try AccountStore.workplace(from: row, prefix: "w_"),
            presentedAs: kind,
            languagePreference: (try row.decode("user_language") as String?).map { LanguageCode($0) }
        )
    }

    static func revoke(sessionID: Int64, on connection: PostgresConnection) throws {
        try connection.execute("UPDATE sessions SET revoked_at = now() WHERE id = \(sessionID) AND revoked_at IS NULL")
    }

    /// Revokes every session of a user except `keeping` (after a password change), or all of them.
    @discardableResult
    static func revokeAll(userID: Int64, keeping: Int64? = nil, on connection: PostgresConnection) throws -> Int {
        try connection.execute(
            "UPDATE sessions SET revoked_at = now() WHERE user_id = \(userID) AND revoked_at IS NULL AND (\(keeping)::bigint IS NULL OR id <> \(keeping))")
    }
}
