/// Voluntary Application Server Identification (RFC 8292): a short-lived ES256 JWT naming the
/// push service's origin (`aud`), an expiry (`exp`, at most 24 hours ahead) and a contact (`sub`,
/// a `mailto:` or `https:` URL), sent with the server's public key so the push service can tie a
/// subscription to the server that made it.
public struct VAPIDToken: Sendable {
    /// RFC 8292 §2: push services refuse an `exp` more than 24 hours ahead.
    public static let maximumLifetime: Int64 = 24 * 3600

    public let audience: String
    public let expiresAt: Int64
    public let subject: String

    public init(audience: String, expiresAt: Int64, subject: String) {
        self.audience = audience
        self.expiresAt = expiresAt
        self.subject = subject
    }

    /// `header.claims.signature`, each base64url without padding.
    public func jwt(signedWith key: P256KeyPair) throws -> String {
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = #"{"aud":"# + Self.jsonString(audience) + #","exp":\#(expiresAt),"sub":"# + Self.jsonString(subject) + "}"
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        let signature = try key.signES256(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// The `Authorization` header value: `vapid t=<jwt>, k=<public key>` (RFC 8292 §3).
    public func authorization(signedWith key: P256KeyPair) throws -> String {
        "vapid t=\(try jwt(signedWith: key)), k=\(Base64URL.encode(key.publicKey))"
    }

    /// The origin (`scheme://host[:port]`) of an endpoint URL, or nil for anything that is not an
    /// absolute http(s) URL. The scheme's default port is left out, as an origin is written
    /// (RFC 6454), so `https://push.example:443/x` has the audience `https://push.example`.
    public static func audience(ofEndpoint endpoint: String) -> String? {
        let lower = endpoint.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") { scheme = "https://" } else if lower.hasPrefix("http://") { scheme = "http://" } else { return nil }
        var authority = lower.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        let defaultPort = scheme == "https://" ? ":443" : ":80"
        if authority.hasSuffix(defaultPort) { authority = authority.dropLast(defaultPort.count) }
        return scheme + authority
    }

    static func jsonString(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case _ where scalar.value < 0x20: output += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
