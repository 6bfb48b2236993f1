import CCrypto

/// The four-byte masking key that clients apply to every frame they send (RFC 6455 §5.3).
public struct WebSocketMaskingKey: Hashable, Sendable {
    /// The key bytes in wire order.
    public var bytes: (UInt8, UInt8, UInt8, UInt8)

    @inlinable
    public init(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8) {
        self.bytes = (b0, b1, b2, b3)
    }

    /// A key from the system's cryptographic random generator.
    ///
    /// The RFC requires masking keys to be unpredictable so that a script cannot choose the bytes an
    /// intermediary sees on the wire; OpenSSL's `RAND_bytes` is our source of entropy.
    public static func random() -> WebSocketMaskingKey {
        var value: UInt32 = 0
        let ok = withUnsafeMutableBytes(of: &value) { RAND_bytes($0.baseAddress!.assumingMemoryBound(to: UInt8.self), 4) }
        if ok != 1 {
            // RAND_bytes only fails if the generator cannot be seeded; fall back to the Swift system
            // generator, which is also cryptographically secure on Linux and Darwin.
            var generator = SystemRandomNumberGenerator()
            value = generator.next()
        }
        return withUnsafeBytes(of: value) { WebSocketMaskingKey($0[0], $0[1], $0[2], $0[3]) }
    }

    @inlinable
    subscript(index: Int) -> UInt8 {
        switch index & 3 {
        case 0: self.bytes.0
        case 1: self.bytes.1
        case 2: self.bytes.2
        default: self.bytes.3
        }
    }

    public static func == (lhs: WebSocketMaskingKey, rhs: WebSocketMaskingKey) -> Bool {
        lhs.bytes == rhs.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.bytes.0)
        hasher.combine(self.bytes.1)
        hasher.combine(self.bytes.2)
        hasher.combine(self.bytes.3)
    }
}
