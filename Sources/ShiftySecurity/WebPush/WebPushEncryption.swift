/// Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188).
///
/// The body a push service receives is one record: a header (salt, record size, the sender's
/// ephemeral public key as key id) followed by AES-128-GCM over the payload, a `0x02` delimiter
/// (last record) and optional zero padding. Keys come from ECDH between a fresh sender key and the
/// subscription's `p256dh` key, mixed with its `auth` secret through HKDF-SHA-256.
public enum WebPushEncryption {
    /// RFC 8291 §4: push services need only accept 4096-byte bodies, so one record of that size.
    public static let recordSize = 4096
    static let headerLength = 16 + 4 + 1 + 65
    /// The largest payload that fits one record with no padding.
    public static let maximumPayload = recordSize - headerLength - AES128GCM.tagLength - 1

    /// Encrypts `payload` for a subscription.
    ///
    /// `senderKey` and `salt` exist for the RFC's worked example; leave them nil in production so
    /// each message gets a fresh ephemeral key and salt (reusing either would repeat the nonce).
    /// `paddingLength` zero bytes after the delimiter hide the payload's exact length.
    public static func encrypt(
        _ payload: [UInt8], userAgentPublicKey: [UInt8], authSecret: [UInt8],
        senderKey: P256KeyPair? = nil, salt: [UInt8]? = nil, paddingLength: Int = 0
    ) throws -> [UInt8] {
        guard authSecret.count == 16 else { throw WebPushCryptoError.invalidAuthSecret }
        guard userAgentPublicKey.count == 65, userAgentPublicKey.first == 0x04 else { throw WebPushCryptoError.invalidPublicKey }
        guard paddingLength >= 0, payload.count + paddingLength <= maximumPayload else {
            throw WebPushCryptoError.payloadTooLarge(maximum: maximumPayload)
        }
        let sender = try senderKey ?? P256KeyPair.generate()
        let salt = salt ?? SecureRandom.bytes(16)
        guard salt.count == 16 else { throw WebPushCryptoError.malformedMessage }
        let secret = try sender.sharedSecret(with: userAgentPublicKey)
        let keys = contentKeys(
            sharedSecret: secret, authSecret: authSecret, salt: salt,
            userAgentPublicKey: userAgentPublicKey, senderPublicKey: sender.publicKey)
        let record = payload + [0x02] + [UInt8](repeating: 0, count: paddingLength)
        let sealed = try AES128GCM.seal(record, key: keys.contentEncryptionKey, nonce: keys.nonce)
        return header(salt: salt, keyID: sender.publicKey) + sealed
    }

    /// Decrypts a body as the browser would, with the subscription's private key: used by tests
    /// to read back what was sent; the independent check is the Python stand-in.
    public static func decrypt(_ body: [UInt8], userAgentKey: P256KeyPair, authSecret: [UInt8]) throws -> [UInt8] {
        guard authSecret.count == 16 else { throw WebPushCryptoError.invalidAuthSecret }
        guard body.count > headerLength, body[20] == 65 else { throw WebPushCryptoError.malformedMessage }
        let salt = Array(body[0..<16])
        let recordSize = body[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let senderPublicKey = Array(body[21..<86])
        let sealed = Array(body[86...])
        guard recordSize >= 18, sealed.count <= recordSize else { throw WebPushCryptoError.malformedMessage }
        let secret = try userAgentKey.sharedSecret(with: senderPublicKey)
        let keys = contentKeys(
            sharedSecret: secret, authSecret: authSecret, salt: salt,
            userAgentPublicKey: userAgentKey.publicKey, senderPublicKey: senderPublicKey)
        var record = try AES128GCM.open(sealed, key: keys.contentEncryptionKey, nonce: keys.nonce)
        while let last = record.last, last == 0 { record.removeLast() }
        guard record.last == 0x02 else { throw WebPushCryptoError.malformedMessage }
        record.removeLast()
        return record
    }

    struct ContentKeys {
        let contentEncryptionKey: [UInt8]
        let nonce: [UInt8]
    }

    /// RFC 8291 §3.4 then RFC 8188 §2.2–2.3.
    static func contentKeys(
        sharedSecret: [UInt8], authSecret: [UInt8], salt: [UInt8], userAgentPublicKey: [UInt8], senderPublicKey: [UInt8]
    ) -> ContentKeys {
        let keyInfo = Array("WebPush: info".utf8) + [0] + userAgentPublicKey + senderPublicKey
        let authKey = HKDF.extract(salt: authSecret, inputKeyMaterial: sharedSecret)
        let inputKeyMaterial = HKDF.expand(pseudorandomKey: authKey, info: keyInfo, length: 32)
        let pseudorandomKey = HKDF.extract(salt: salt, inputKeyMaterial: inputKeyMaterial)
        return ContentKeys(
            contentEncryptionKey: HKDF.expand(pseudorandomKey: pseudorandomKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: 16),
            nonce: HKDF.expand(pseudorandomKey: pseudorandomKey, info: Array("Content-Encoding: nonce".utf8) + [0], length: 12))
    }

    static func header(salt: [UInt8], keyID: [UInt8]) -> [UInt8] {
        let size = UInt32(recordSize)
        return salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + [UInt8(keyID.count)] + keyID
    }
}
