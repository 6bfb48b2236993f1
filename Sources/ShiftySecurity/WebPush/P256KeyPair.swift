import CCrypto

/// A P-256 (prime256v1) key pair as raw bytes: the forms Web Push uses on the wire.
///
/// The private key is the 32-byte scalar, the public key the 65-byte uncompressed point
/// (`04 || x || y`, RFC 8291 §3.1), which is also what the VAPID `k=` parameter and the
/// browser's `applicationServerKey` carry. Bytes rather than OpenSSL handles, so keys can be kept
/// in the database and compared in tests; each operation makes its short-lived `EVP_PKEY`.
public struct P256KeyPair: Sendable, Equatable {
    public let privateKey: [UInt8]
    public let publicKey: [UInt8]

    /// Checks that the two halves belong together (OpenSSL's key check) before accepting them.
    public init(privateKey: [UInt8], publicKey: [UInt8]) throws {
        guard privateKey.count == 32 else { throw WebPushCryptoError.invalidPrivateKey }
        guard publicKey.count == 65, publicKey.first == 0x04 else { throw WebPushCryptoError.invalidPublicKey }
        self.privateKey = privateKey
        self.publicKey = publicKey
        let key = try OpenSSLKey(keyPair: self)
        try key.check()
    }

    /// A fresh key pair from OpenSSL's generator.
    public static func generate() throws -> P256KeyPair {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw WebPushCryptoError.openSSL("EVP_PKEY_CTX_new_from_name") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "prime256v1") == 1 else {
            throw WebPushCryptoError.openSSL("EVP_PKEY_keygen_init")
        }
        var generated: OpaquePointer?
        guard EVP_PKEY_generate(context, &generated) == 1, let key = generated else { throw WebPushCryptoError.openSSL("EVP_PKEY_generate") }
        defer { EVP_PKEY_free(key) }
        var scalar: OpaquePointer?
        guard EVP_PKEY_get_bn_param(key, "priv", &scalar) == 1, let scalar else { throw WebPushCryptoError.openSSL("EVP_PKEY_get_bn_param") }
        defer { BN_clear_free(scalar) }
        var privateKey = [UInt8](repeating: 0, count: 32)
        guard BN_bn2binpad(scalar, &privateKey, 32) == 32 else { throw WebPushCryptoError.openSSL("BN_bn2binpad") }
        var publicKey = [UInt8](repeating: 0, count: 65)
        var length = 0
        guard EVP_PKEY_get_octet_string_param(key, "encoded-pub-key", &publicKey, 65, &length) == 1, length == 65 else {
            throw WebPushCryptoError.openSSL("EVP_PKEY_get_octet_string_param")
        }
        return try P256KeyPair(privateKey: privateKey, publicKey: publicKey)
    }

    /// The ECDH shared secret (the x coordinate, 32 bytes) with a peer's public key.
    public func sharedSecret(with peerPublicKey: [UInt8]) throws -> [UInt8] {
        let mine = try OpenSSLKey(keyPair: self)
        let peer = try OpenSSLKey(publicKey: peerPublicKey)
        return try mine.deriveSharedSecret(with: peer)
    }

    /// An ES256 signature in JOSE form: `r || s`, 32 bytes each (RFC 7518 §3.4), not DER.
    public func signES256(_ message: [UInt8]) throws -> [UInt8] {
        try OpenSSLKey(keyPair: self).signES256(message)
    }

    /// Checks a JOSE-form ES256 signature against this pair's public key (for tests and for
    /// reading tokens back; the push service does the real check).
    public func verifyES256(_ signature: [UInt8], over message: [UInt8]) throws -> Bool {
        try OpenSSLKey(publicKey: publicKey).verifyES256(signature, over: message)
    }

    /// Throws unless `publicKey` is an uncompressed point on P-256 (a subscription's `p256dh`).
    public static func validatePublicKey(_ publicKey: [UInt8]) throws {
        try OpenSSLKey(publicKey: publicKey).checkPublic()
    }
}
