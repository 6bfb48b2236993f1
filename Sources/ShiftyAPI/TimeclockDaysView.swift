/// A member's days over a range (`GET /api/v1/timeclock/days`), for their own timeclock page.
public struct TimeclockDaysView: Codable, Sendable, Hashable {
    public var userID: Int64
    /// First local date, `YYYY-MM-DD`.
    public var from: String
    /// Last local date, `YYYY-MM-DD`.
    public var to: String
    /// Each day as the timeclock judged it (openapi.yaml `TimeclockDay`).
    public var days: [MyHours.Day]
    public var workedMinutes: Int

    public init(userID: Int64, from: String, to: String, days: [MyHours.Day], workedMinutes: Int) {
        self.userID = userID
        self.from = from
        self.to = to
        self.days = days
        self.workedMinutes = workedMinutes
    }
}
