import Foundation
import ShiftyPostgres
import ShiftySecurity

/// A kiosk as managers see it in the list.
public struct KioskView: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var createdAt: Date
    public var lastUsedAt: Date?
    public var revoked: Bool
    /// Only in the answer to creation (the browser also gets it as the `shifty_kiosk` cookie).
    public var token: String?
}

/// The kiosk that sent a request.
struct AuthenticatedKiosk: Sendable {
    var id: Int64
    var name: String
    var workplaceID: Int64
}

/// SQL for kiosk devices. Tokens are stored only as SHA-256 hashes, like sessions.
enum KioskStore {
    static let columns = "id, name, created_at, last_used_at, revoked_at IS NOT NULL AS revoked"

    static func view(from row: PostgresRow) throws -> KioskView {
        KioskView(
            id: try row.decode("id"), name: try row.decode("name"), createdAt: try row.decode("created_at"),
            lastUsedAt: try row.decode("last_used_at"), revoked: try row.decode("revoked"), token: nil)
    }

    static func create(workplaceID: Int64, name: String, createdBy: Int64, on connection: PostgresConnection) throws -> KioskView {
        let token = SecretToken()
        let rows = try connection.query(
            "INSERT INTO kiosks (workplace_id, name, token_hash, created_by) VALUES ($1, $2, $3, $4) RETURNING \(columns)",
            [workplaceID, name, token.hash, createdBy]
        )
        var view = try view(from: rows[0])
        view.token = token.value
        return view
    }

    static func list(workplaceID: Int64, on connection: PostgresConnection) throws -> [KioskView] {
        try connection.query(
            "SELECT \(columns) FROM kiosks WHERE workplace_id = $1 ORDER BY revoked_at IS NOT NULL, lower(name), id", [workplaceID]
        ).map { try view(from: $0) }
    }

    /// Revokes a kiosk of this workplace; false when there is no such (live) kiosk.
    static func revoke(id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> Bool {
        try connection.execute(
            "UPDATE kiosks SET revoked_at = now() WHERE id = $1 AND workplace_id = $2 AND revoked_at IS NULL", [id, workplaceID]
        ) == 1
    }

    /// The live kiosk for a presented token, marking it used.
    static func authenticate(token: String, on connection: PostgresConnection) throws -> AuthenticatedKiosk? {
        let rows = try connection.query(
            """
            UPDATE kiosks SET last_used_at = now()
            WHERE token_hash = $1 AND revoked_at IS NULL
            RETURNING id, name, workplace_id
            """,
            [SecretToken.hash(of: token)]
        )
        guard let row = rows.first else { return nil }
        return AuthenticatedKiosk(id: try row.decode("id"), name: try row.decode("name"), workplaceID: try row.decode("workplace_id"))
    }
}
