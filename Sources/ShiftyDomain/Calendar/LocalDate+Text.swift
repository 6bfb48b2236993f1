/// "YYYY-MM-DD" text form, used in URLs, JSON and SQL `date` literals.
extension LocalDate: LosslessStringConvertible, Codable {
    /// Parses exactly "YYYY-MM-DD" (four, two and two ASCII digits); anything else is `nil`.
    public init?(_ description: String) {
        let bytes = Array(description.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = ASCIIDigits.number(bytes[0..<4]),
              let month = ASCIIDigits.number(bytes[5..<7]),
              let day = ASCIIDigits.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The "YYYY-MM-DD" form.
    public var description: String {
        "\(ASCIIDigits.padded(year, width: 4))-\(ASCIIDigits.padded(month, width: 2))-\(ASCIIDigits.padded(day, width: 2))"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a date as YYYY-MM-DD, got \"\(text)\"")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Tiny helpers for fixed-width ASCII numbers, so parsing never depends on the locale.
enum ASCIIDigits {
    static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return bytes.isEmpty ? nil : value
    }

    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
