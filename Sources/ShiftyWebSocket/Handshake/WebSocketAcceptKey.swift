import CCrypto

/// The `Sec-WebSocket-Accept` computation (RFC 6455 §4.2.2): Base64(SHA-1(key + GUID)).
///
/// It proves to the client that the server understood the WebSocket handshake rather than being an HTTP
/// server that echoed headers back.
public enum WebSocketAcceptKey {
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The accept value for a client's `Sec-WebSocket-Key`.
    public static func compute(forKey key: String) -> String {
        let input = Array((key + guid).utf8)
        var digest = [UInt8](repeating: 0, count: 20)
        input.withUnsafeBufferPointer { source in
            digest.withUnsafeMutableBufferPointer { output in
                _ = SHA1(source.baseAddress, source.count, output.baseAddress)
            }
        }
        return Base64.encode(digest)
    }

    /// A fresh random client key: 16 random bytes, Base64-encoded.
    public static func makeClientKey() -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in stride(from: 0, to: 16, by: 4) {
            let key = WebSocketMaskingKey.random()
            bytes[index] = key.bytes.0
            bytes[index + 1] = key.bytes.1
            bytes[index + 2] = key.bytes.2
            bytes[index + 3] = key.bytes.3
        }
        return Base64.encode(bytes)
    }

    /// Whether a `Sec-WebSocket-Key` value is 16 bytes in canonical Base64.
    public static func isValidClientKey(_ key: Substring) -> Bool {
        let trimmed = key.trimmingASCIIWhitespace()
        return Base64.decode(trimmed)?.count == 16
    }
}

extension Substring {
    func trimmingASCIIWhitespace() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
