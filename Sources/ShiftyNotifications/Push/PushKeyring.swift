import ShiftyPostgres
import ShiftySecurity

/// The deployment's VAPID key pair, read (or made, on the very first start) once per process;
/// shared by the routes (public key) and the sender (signing).
public actor PushKeyring {
    private let pool: PostgresPool
    private var cached: P256KeyPair?

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func keyPair() async throws -> P256KeyPair {
        if let cached { return cached }
        let loaded = try await pool.transaction { try VAPIDKeyStore.loadOrCreate(on: $0) }
        cached = loaded
        return loaded
    }
}
