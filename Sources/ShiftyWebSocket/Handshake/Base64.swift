/// Just enough standard Base64 (RFC 4648 §4, padded) for the handshake keys.
enum Base64 {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let a = iterator.next() {
            let b = iterator.next()
            let c = iterator.next()
            output.append(alphabet[Int(a >> 2)])
            output.append(alphabet[Int((a & 0x03) << 4 | (b ?? 0) >> 4)])
            output.append(b.map { alphabet[Int(($0 & 0x0F) << 2 | (c ?? 0) >> 6)] } ?? UInt8(ascii: "="))
            output.append(c.map { alphabet[Int($0 & 0x3F)] } ?? UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes canonical padded Base64; `nil` for any other input (wrong length, bad characters or padding,
    /// non-zero unused bits).
    static func decode(_ string: Substring) -> [UInt8]? {
        let input = Array(string.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLastGroup = index + 4 == input.count
            var values: [UInt8] = []
            var padding = 0
            for offset in 0..<4 {
                let character = input[index + offset]
                if character == UInt8(ascii: "=") {
                    guard isLastGroup, offset >= 2 else { return nil }
                    padding += 1
                    continue
                }
                guard padding == 0, let value = self.value(of: character) else { return nil }
                values.append(value)
            }
            let combined = values.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (18 - 6 * UInt32($1.offset)) }
            let byteCount = 3 - padding
            // Canonical form: bits that do not belong to a decoded byte must be zero.
            guard combined & ((1 << (8 * (3 - byteCount))) - 1) == 0 else { return nil }
            for byte in 0..<byteCount {
                output.append(UInt8(truncatingIfNeeded: combined >> (16 - 8 * UInt32(byte))))
            }
            index += 4
        }
        return output
    }

    private static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
