import Foundation

/// Since when one week of the published schedule is final (openapi.yaml `ScheduleWeekPublication`;
/// `GET /api/v1/schedule-weeks`): the week's Monday (`YYYY-MM-DD`, the workplace's week) and the
/// latest time a manager or generation changed it. `publishedAt` is written as `null` for a week
/// never published, so a client can tell "not published yet" from a missing field.
public struct ScheduleWeekPublication: Codable, Sendable, Hashable {
    public var monday: String
    @ISO8601OptionalDate public var publishedAt: Date?

    public init(monday: String, publishedAt: Date? = nil) {
        self.monday = monday
        self.publishedAt = publishedAt
    }

    enum CodingKeys: String, CodingKey {
        case monday, publishedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(monday, forKey: .monday)
        if let publishedAt {
            try container.encode(ISO8601Date(wrappedValue: publishedAt), forKey: .publishedAt)
        } else {
            try container.encodeNil(forKey: .publishedAt)
        }
    }
}
