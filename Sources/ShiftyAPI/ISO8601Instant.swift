import Foundation

/// Parses the server's ISO 8601 instants, with or without fractional seconds
/// (`2026-11-21T18:40:00Z`, `2026-11-21T18:40:02.114Z`).
public enum ISO8601Instant {
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// How the API writes an instant: `2026-11-21T18:40:00Z` (UTC, whole seconds, truncated),
    /// byte for byte what `JSONEncoder.DateEncodingStrategy.iso8601` writes
    /// (`APIWireGoldenTests` checks both).
    public static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}

/// An instant of an API type (`startsAt`, `createdAt`…): a `Date` in Swift, ISO 8601 in JSON
/// whatever the encoder's or decoder's date strategy is, so the server, the terminal and the
/// tests cannot disagree about it.
@propertyWrapper
public struct ISO8601Date: Codable, Sendable, Hashable {
    public var wrappedValue: Date

    public init(wrappedValue: Date) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = ISO8601Instant.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 instant: \(text)")
        }
        self.wrappedValue = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(ISO8601Instant.format(self.wrappedValue))
    }
}

/// An optional instant of an API type (`decidedAt`…): left out of the JSON when `nil`, like
/// any other optional field, and read as `nil` when absent or `null`.
@propertyWrapper
public struct ISO8601OptionalDate: Codable, Sendable, Hashable {
    public var wrappedValue: Date?

    public init(wrappedValue: Date?) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.wrappedValue = container.decodeNil() ? nil : try ISO8601Date(from: decoder).wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        guard let date = self.wrappedValue else {
            var container = encoder.singleValueContainer()
            return try container.encodeNil()
        }
        try ISO8601Date(wrappedValue: date).encode(to: encoder)
    }
}

// A synthesized `Codable` calls these for an `@ISO8601OptionalDate` property (they are more
// specific than the generic `encode`/`decode`), so a nil instant is left out rather than written
// as `null`, and a missing key reads as nil rather than failing.
extension KeyedEncodingContainer {
    public mutating func encode(_ value: ISO8601OptionalDate, forKey key: Key) throws {
        guard let date = value.wrappedValue else { return }
        try self.encode(ISO8601Date(wrappedValue: date), forKey: key)
    }
}

extension KeyedDecodingContainer {
    public func decode(_ type: ISO8601OptionalDate.Type, forKey key: Key) throws -> ISO8601OptionalDate {
        ISO8601OptionalDate(wrappedValue: try self.decodeIfPresent(ISO8601Date.self, forKey: key)?.wrappedValue)
    }
}
