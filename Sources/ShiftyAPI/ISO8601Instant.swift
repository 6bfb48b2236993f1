import Foundation

/// Parses the server's ISO 8601 instants, with or without fractional seconds
/// (`2026-11-21T18:40:00Z`, `2026-11-21T18:40:02.114Z`).
public enum ISO8601Instant {
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
