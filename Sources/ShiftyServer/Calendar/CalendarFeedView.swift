import Foundation

/// What `/api/v1/calendar-feed` answers.
///
/// The URL contains the secret token and only its hash is stored, so `url` and `path` are present
/// only in the answer that created them (POST); afterwards the page can only say the feed is on.
struct CalendarFeedView: Encodable, Sendable {
    var enabled: Bool
    var enabledAt: Date?
    var url: String?
    var path: String?

    enum CodingKeys: String, CodingKey {
        case enabled, enabledAt, url, path
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        // Explicit nulls: clients can tell "not shown" from a missing field.
        try container.encode(enabledAt, forKey: .enabledAt)
        try container.encode(url, forKey: .url)
        try container.encode(path, forKey: .path)
    }
}
