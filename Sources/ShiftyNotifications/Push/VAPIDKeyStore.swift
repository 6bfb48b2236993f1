import Foundation
import ShiftyPostgres
import ShiftySecurity

/// The deployment's VAPID key pair, made on first use and kept in `vapid_keys`.
enum VAPIDKeyStore {
    /// The stored pair, or a new one inserted when there is none. Two instances racing both
    /// generate, one insert wins (`ON CONFLICT DO NOTHING`) and both read back the winner.
    static func loadOrCreate(on connection: PostgresConnection) throws -> P256KeyPair {
        if let existing = try load(on: connection) { return existing }
        let fresh = try P256KeyPair.generate()
        // The no-op update makes RETURNING answer the row that won, ours or the other instance's.
        let row = try connection.query(
            """
            INSERT INTO vapid_keys (id, private_key, public_key) VALUES (1, \(Data(fresh.privateKey)), \(Data(fresh.publicKey)))
            ON CONFLICT (id) DO UPDATE SET id = vapid_keys.id RETURNING private_key, public_key
            """)[0]
        return try keyPair(from: row)
    }

    static func load(on connection: PostgresConnection) throws -> P256KeyPair? {
        try connection.query("SELECT private_key, public_key FROM vapid_keys WHERE id = 1").first.map(keyPair(from:))
    }

    private static func keyPair(from row: PostgresRow) throws -> P256KeyPair {
        let privateKey: Data = try row.decode("private_key")
        let publicKey: Data = try row.decode("public_key")
        return try P256KeyPair(privateKey: Array(privateKey), publicKey: Array(publicKey))
    }
}
