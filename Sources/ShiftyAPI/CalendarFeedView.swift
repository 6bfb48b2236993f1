import Foundation

/// What `/api/v1/calendar-feed` answers.
///
/// The URL contains the secret token and only its hash is stored, so `url` and `path` are present
/// only in the answer that created them (POST); afterwards the page can only say the feed is on.
/// Absent values are written as `null`: a client can tell "not shown" from a missing field.
public struct CalendarFeedView: Codable, Sendable, Hashable {
    public var enabled: Bool
    @ISO8601OptionalDate public var enabledAt: Date?
    public var url: String?
    public var path: String?

    public init(enabled: Bool, enabledAt: Date? = nil, url: String? = nil, path: String? = nil) {
        self.enabled = enabled
        self.enabledAt = enabledAt
        self.url = url
        self.path = path
    }

    enum CodingKeys: String, CodingKey {
        case enabled, enabledAt, url, path
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        if let enabledAt { try container.encode(ISO8601Date(wrappedValue: enabledAt), forKey: .enabledAt) } else { try container.encodeNil(forKey: .enabledAt) }
        try container.encode(url, forKey: .url)
        try container.encode(path, forKey: .path)
    }
}
