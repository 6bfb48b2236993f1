/// One week of "my schedule" (openapi.yaml `ScheduleWeek`; `GET /api/v1/schedule`): a label such as
/// "Week 48" (the seed's week header) and its shifts. The server encodes this type and the terminal decodes it.
public struct ScheduleWeek: Codable, Sendable, Hashable {
    public var label: String
    public var weekBasedYear: Int
    public var week: Int
    public var shifts: [MarketShift]

    public init(label: String, weekBasedYear: Int, week: Int, shifts: [MarketShift]) {
        self.label = label
        self.weekBasedYear = weekBasedYear
        self.week = week
        self.shifts = shifts
    }
}
