/// A wall-clock time of day ("09:30"), stored as minutes since local midnight.
///
/// Minutes are the resolution of schedules and timeclock reports; seconds never matter there.
public struct LocalTime: Sendable, Hashable, Comparable {
    /// 0…1439.
    public let minutesSinceMidnight: Int

    public init?(minutesSinceMidnight: Int) {
        guard (0..<LocalTime.minutesPerDay).contains(minutesSinceMidnight) else { return nil }
        self.minutesSinceMidnight = minutesSinceMidnight
    }

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.minutesSinceMidnight = hour * 60 + minute
    }

    public static let minutesPerDay = 24 * 60
    public static let midnight = LocalTime(uncheckedMinutes: 0)

    init(uncheckedMinutes: Int) { self.minutesSinceMidnight = uncheckedMinutes }

    public var hour: Int { minutesSinceMidnight / 60 }
    public var minute: Int { minutesSinceMidnight % 60 }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }
}

/// "HH:MM" text form (24-hour clock).
extension LocalTime: LosslessStringConvertible, Codable {
    /// Parses exactly "HH:MM" with 00…23 and 00…59; anything else is `nil`.
    public init?(_ description: String) {
        let bytes = Array(description.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
              let hour = ASCIIDigits.number(bytes[0..<2]),
              let minute = ASCIIDigits.number(bytes[3..<5])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var description: String {
        "\(ASCIIDigits.padded(hour, width: 2)):\(ASCIIDigits.padded(minute, width: 2))"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = LocalTime(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a time as HH:MM, got \"\(text)\"")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
