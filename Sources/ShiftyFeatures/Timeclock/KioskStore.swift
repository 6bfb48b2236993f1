import Foundation
import ShiftyAPI
import ShiftyPostgres
import ShiftySecurity
import ShiftyServerCore

/// The kiosk that sent a request.
package struct AuthenticatedKiosk: Sendable {
    package var id: Int64
    package var name: String
    package var workplaceID: Int64
}

/// SQL for kiosk devices. Tokens are stored only as SHA-256 hashes, like sessions.
package enum KioskStore {
    static let columns = "id, name, created_at, last_used_at, revoked_at IS NOT NULL AS revoked, allowed_networks::text[] AS allowed_networks"

    static func view(from row: PostgresRow) throws -> KioskView {
        KioskView(
            id: try row.decode("id"), name: try row.decode("name"), createdAt: try row.decode("created_at"),
            lastUsedAt: try row.decode("last_used_at"), revoked: try row.decode("revoked"),
            allowedNetworks: try row.decode("allowed_networks"), token: nil)
    }

    static func create(workplaceID: Int64, name: String, createdBy: Int64, on connection: PostgresConnection) throws -> KioskView {
        let token = SecretToken()
        let rows = try connection.query(
            "INSERT INTO kiosks (workplace_id, name, token_hash, created_by) VALUES (\(workplaceID), \(name), \(token.hash), \(createdBy)) RETURNING \(sql: columns)")
        var view = try view(from: rows[0])
        view.token = token.value
        return view
    }

    static func list(workplaceID: Int64, on connection: PostgresConnection) throws -> [KioskView] {
        try connection.query(
            "SELECT \(sql: columns) FROM kiosks WHERE workplace_id = \(workplaceID) ORDER BY revoked_at IS NOT NULL, lower(name), id").map { try view(from: $0) }
    }

    /// Revokes a kiosk of this workplace; false when there is no such (live) kiosk.
    static func revoke(id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> Bool {
        try connection.execute(
            "UPDATE kiosks SET revoked_at = now() WHERE id = \(id) AND workplace_id = \(workplaceID) AND revoked_at IS NULL") == 1
    }

    /// Sets the kiosk's allowed ranges; PostgreSQL's `inet` parser decides what a range is
    /// (a malformed one answers 422). `nil` when there is no such live kiosk.
    static func setNetworks(id: Int64, workplaceID: Int64, networks: [String], on connection: PostgresConnection) throws -> KioskView? {
        do {
            return try connection.query(
                "UPDATE kiosks SET allowed_networks = \(networks)::text[]::inet[] WHERE id = \(id) AND workplace_id = \(workplaceID) AND revoked_at IS NULL RETURNING \(sql: columns)").first.map { try view(from: $0) }
        } catch let error as PostgresError where error.serverState == .invalidTextRepresentation {
            throw StoreError.networkRangeInvalid
        }
    }

    /// The outcome of presenting a kiosk token from a client address.
    package enum Authentication {
        case kiosk(AuthenticatedKiosk)
        case unknown
        /// The kiosk exists but is restricted to other networks.
        case outsideNetworks
    }

    /// The live kiosk for a presented token, marking it used, when `clientAddress` is in its
    /// allowed networks (any address when it has none; no address never matches a restriction).
    package static func authenticate(token: String, clientAddress: String?, on connection: PostgresConnection) throws -> Authentication {
        let address = clientAddress.flatMap { ClientAddress.isValidLiteral($0) ? $0 : nil }
        let rows = try connection.query(
            """
            SELECT id, name, workplace_id,
                   cardinality(allowed_networks) = 0 OR COALESCE(\(address)::inet <<= ANY(allowed_networks), false) AS allowed
            FROM kiosks WHERE token_hash = \(SecretToken.hash(of: token)) AND revoked_at IS NULL
            """)
        guard let row = rows.first else { return .unknown }
        guard try row.decode("allowed", as: Bool.self) else { return .outsideNetworks }
        let id: Int64 = try row.decode("id")
        try connection.execute("UPDATE kiosks SET last_used_at = now() WHERE id = \(id)")
        return .kiosk(AuthenticatedKiosk(id: id, name: try row.decode("name"), workplaceID: try row.decode("workplace_id")))
    }
}
