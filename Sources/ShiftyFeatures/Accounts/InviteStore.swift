import Foundation
import ShiftyAPI
import ShiftyPostgres
import ShiftySecurity
import ShiftyServerCore

/// SQL for invite codes. Codes are stored hashed like every other bearer secret.
enum InviteStore {
    static func invite(from row: PostgresRow, code: String? = nil) throws -> InviteView {
        InviteView(
            id: try row.decode("id"),
            role: .init(try row.decode("role", as: Role.self)),
            createdAt: try row.decode("created_at"),
            expiresAt: try row.decode("expires_at"),
            maxUses: Int(try row.decode("max_uses", as: Int32.self)),
            uses: Int(try row.decode("uses", as: Int32.self)),
            revoked: try row.decode("revoked"),
            note: try row.decode("note"),
            code: code
        )
    }

    static let columns = "id, role, created_at, expires_at, max_uses, uses, revoked_at IS NOT NULL AS revoked, note"

    static func create(workplaceID: Int64, createdBy: Int64, role: Role, validFor: Duration, maxUses: Int, note: String?, on connection: PostgresConnection) throws -> InviteView {
        // Short enough to type from a printed note, long enough (about 60 bits) not to be guessed under throttling.
        let code = InviteCode.generate()
        let rows = try connection.query(
            """
            INSERT INTO invite_codes (workplace_id, code_hash, role, created_by, expires_at, max_uses, note)
            VALUES (\(workplaceID), \(SecretToken.hash(of: InviteCode.normalize(code))), \(role.rawValue), \(createdBy), now() + make_interval(secs => \(Double(validFor.components.seconds))), \(Int32(maxUses)), \(note)) RETURNING \(sql: columns)
            """)
        return try invite(from: rows[0], code: code)
    }

    static func list(workplaceID: Int64, on connection: PostgresConnection) throws -> [InviteView] {
        try connection.query(
            "SELECT \(sql: columns) FROM invite_codes WHERE workplace_id = \(workplaceID) ORDER BY created_at DESC, id DESC").map { try invite(from: $0) }
    }

    static func revoke(id: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> Bool {
        try connection.execute(
            "UPDATE invite_codes SET revoked_at = COALESCE(revoked_at, now()) WHERE id = \(id) AND workplace_id = \(workplaceID)") == 1
    }

    /// Uses one use of a valid code for the workplace, atomically; returns the role it grants.
    static func redeem(code: String, workplaceID: Int64, on connection: PostgresConnection) throws -> Role? {
        let rows = try connection.query(
            """
            UPDATE invite_codes SET uses = uses + 1
            WHERE code_hash = \(SecretToken.hash(of: InviteCode.normalize(code))) AND workplace_id = \(workplaceID) AND revoked_at IS NULL AND expires_at > now() AND uses < max_uses
            RETURNING role
            """)
        return try rows.first.map { try $0.decode("role", as: Role.self) }
    }
}

/// Human-typable invite codes such as `K7QM-2XPR-W9TD`.
enum InviteCode {
    /// Crockford-like alphabet without look-alikes (no 0/O, 1/I/L, U).
    private static let alphabet = Array("ABCDEFGHJKMNPQRSTVWXYZ23456789")

    static func generate() -> String {
        // Rejection sampling: 240 is the largest multiple of 30 below 256, so every character is equally likely.
        var characters: [Character] = []
        while characters.count < 12 {
            for byte in SecureRandom.bytes(16) where byte < 240 && characters.count < 12 {
                characters.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return stride(from: 0, to: 12, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// Case and dashes do not matter when a code is typed in.
    static func normalize(_ code: String) -> String {
        code.uppercased().filter { $0 != "-" && $0 != " " }
    }
}
