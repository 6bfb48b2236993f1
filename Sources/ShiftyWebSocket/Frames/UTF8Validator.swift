/// An incremental UTF-8 validator that rejects a byte stream as soon as it can no longer be valid.
///
/// Text messages arrive in fragments and reads that may split a code point anywhere, so the validator keeps
/// the state of an unfinished sequence between calls: how many continuation bytes are still expected and
/// the allowed range of the next one (the ranges exclude overlong forms, surrogates and code points above
/// U+10FFFF, as in RFC 3629). Pure ASCII runs are skipped eight bytes at a time.
public struct UTF8Validator: Sendable, Equatable {
    @usableFromInline var remaining: UInt8 = 0
    @usableFromInline var lowerBound: UInt8 = 0x80
    @usableFromInline var upperBound: UInt8 = 0xBF

    public init() {}

    /// Whether the bytes so far end on a code point boundary (a complete message must).
    @inlinable
    public var isComplete: Bool { self.remaining == 0 }

    /// Feeds more bytes; returns `false` as soon as a byte makes the stream invalid.
    @inlinable
    public mutating func validate(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if self.remaining == 0 {
                // ASCII fast path: skip whole words whose bytes all have the high bit clear.
                while index &+ 8 <= count,
                    base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index &+= 8
                }
                guard index < count else { return true }
                let byte = base.load(fromByteOffset: index, as: UInt8.self)
                index &+= 1
                if byte < 0x80 { continue }
                guard self.startSequence(byte) else { return false }
            } else {
                let byte = base.load(fromByteOffset: index, as: UInt8.self)
                index &+= 1
                guard byte >= self.lowerBound, byte <= self.upperBound else { return false }
                self.remaining &-= 1
                self.lowerBound = 0x80
                self.upperBound = 0xBF
            }
        }
        return true
    }

    /// Convenience for byte collections (tests, close reasons).
    @inlinable
    public mutating func validate<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) -> Bool {
        if let result = bytes.withContiguousStorageIfAvailable({ self.validate(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(bytes).withUnsafeBytes { self.validate($0) }
    }

    @inlinable
    mutating func startSequence(_ lead: UInt8) -> Bool {
        switch lead {
        case 0xC2...0xDF:
            self.remaining = 1
        case 0xE0:
            self.remaining = 2
            self.lowerBound = 0xA0  // no overlong three-byte forms
        case 0xE1...0xEC, 0xEE...0xEF:
            self.remaining = 2
        case 0xED:
            self.remaining = 2
            self.upperBound = 0x9F  // no UTF-16 surrogates
        case 0xF0:
            self.remaining = 3
            self.lowerBound = 0x90  // no overlong four-byte forms
        case 0xF1...0xF3:
            self.remaining = 3
        case 0xF4:
            self.remaining = 3
            self.upperBound = 0x8F  // nothing above U+10FFFF
        default:
            return false  // continuation byte without a lead, C0/C1 overlongs, F5...FF
        }
        return true
    }
}
