import CCrypto

/// Cryptographically secure random bytes from OpenSSL's `RAND_bytes`.
///
/// Tokens, salts and WebSocket masks must never come from a predictable generator,
/// so every random value in Shifty that protects something goes through here.
public enum SecureRandom {
    /// Returns `count` random bytes.
    ///
    /// OpenSSL's CSPRNG only fails when it cannot be seeded, which leaves the process
    /// unable to do anything safely, so that case is a fatal error rather than a thrown one.
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0, "negative byte count")
        var buffer = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return buffer }
        let status = buffer.withUnsafeMutableBufferPointer { pointer in
            RAND_bytes(pointer.baseAddress, Int32(count))
        }
        guard status == 1 else { fatalError("OpenSSL RAND_bytes failed: the system random generator is unavailable") }
        return buffer
    }

    /// A random token of `byteCount` bytes, base64url-encoded without padding (URL and cookie safe).
    public static func token(byteCount: Int = 32) -> String {
        Base64URL.encode(bytes(byteCount))
    }
}
