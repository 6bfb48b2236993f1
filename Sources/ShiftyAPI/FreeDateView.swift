/// A date on which the caller has no shift, no live request and the workplace is open
/// (the items of `GET /api/v1/requests/free-dates`).
public struct FreeDateView: Codable, Sendable, Hashable {
    public var date: String
    /// ISO weekday, 1 = Monday … 7 = Sunday.
    public var weekday: Int
    public var week: String

    public init(date: String, weekday: Int, week: String) {
        self.date = date
        self.weekday = weekday
        self.week = week
    }
}
