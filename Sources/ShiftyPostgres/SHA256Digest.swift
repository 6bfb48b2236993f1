import CCrypto

/// SHA-256 as lowercase hex, for migration checksums (the value stored in `schema_migrations`).
public enum SHA256Digest {
    public static func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let input = Array(bytes)
        input.withUnsafeBufferPointer { buffer in
            _ = SHA256(buffer.baseAddress, buffer.count, &digest)
        }
        let hexDigits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
