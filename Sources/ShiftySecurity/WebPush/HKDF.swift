import CCrypto

/// HKDF with HMAC-SHA-256 (RFC 5869), the key schedule of RFC 8188 and RFC 8291.
enum HKDF {
    static func hmacSHA256(key: [UInt8], data: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        key.withUnsafeBufferPointer { keyBytes in
            data.withUnsafeBufferPointer { dataBytes in
                output.withUnsafeMutableBufferPointer { out in
                    _ = HMAC(EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), dataBytes.baseAddress, dataBytes.count, out.baseAddress, &length)
                }
            }
        }
        precondition(length == 32, "HMAC-SHA-256 gave \(length) bytes")
        return output
    }

    static func extract(salt: [UInt8], inputKeyMaterial: [UInt8]) -> [UInt8] {
        hmacSHA256(key: salt, data: inputKeyMaterial)
    }

    /// Only lengths up to one hash block are needed here (16, 12 and 32 bytes).
    static func expand(pseudorandomKey: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
        precondition(length <= 32, "HKDF expand longer than one block is not needed for Web Push")
        return Array(hmacSHA256(key: pseudorandomKey, data: info + [0x01]).prefix(length))
    }
}
