import CCrypto

/// SHA-1 and SHA-256 over OpenSSL's one-shot functions.
///
/// SHA-1 exists only because RFC 6455 needs it for `Sec-WebSocket-Accept`; everything that
/// protects a secret (session tokens, invite codes, calendar tokens) uses SHA-256.
public enum Digest {
    public static func sha256<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var output = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let input = Array(bytes)
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                _ = SHA256(source.baseAddress, source.count, target.baseAddress)
            }
        }
        return output
    }

    public static func sha1<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var output = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
        let input = Array(bytes)
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                _ = SHA1(source.baseAddress, source.count, target.baseAddress)
            }
        }
        return output
    }

    /// Lower-case hex of SHA-256 of a string's UTF-8 bytes: the form tokens are stored in.
    public static func sha256Hex(_ string: String) -> String {
        Hex.encode(sha256(Array(string.utf8)))
    }
}
