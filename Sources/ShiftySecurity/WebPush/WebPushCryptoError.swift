/// Why a Web Push key, payload or token could not be made or read.
public enum WebPushCryptoError: Error, Equatable, Sendable {
    /// A P-256 public key that is not a 65-byte uncompressed point on the curve.
    case invalidPublicKey
    /// A P-256 private key that is not 32 bytes or does not fit its public key.
    case invalidPrivateKey
    /// The subscription's `auth` secret is not 16 bytes (RFC 8291 §3.2).
    case invalidAuthSecret
    /// The payload does not fit one 4096-byte record (RFC 8291 §4: push services may refuse more).
    case payloadTooLarge(maximum: Int)
    /// A body that is not a well-formed aes128gcm message (header, tag or padding).
    case malformedMessage
    /// OpenSSL refused an operation; the name says which.
    case openSSL(String)
}
