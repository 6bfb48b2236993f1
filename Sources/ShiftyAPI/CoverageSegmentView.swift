import Foundation

/// One stretch of a day's staffing need for one position in a manager's plan (openapi.yaml
/// `CoverageSegment`): from `startTime` to `endTime` (local, the instants beside them), `needed`
/// people were asked for and `staffed` are planned. Short where `staffed < needed`, over where
/// `staffed > needed`. Open shifts staff nothing.
public struct CoverageSegmentView: Codable, Sendable, Hashable {
    /// The local date of the need (an overnight need's stretch after midnight keeps it).
    public var date: String
    /// The need's position; absent for "anyone".
    public var position: String?
    public var startTime: String
    public var endTime: String
    @ISO8601Date public var startsAt: Date
    @ISO8601Date public var endsAt: Date
    public var needed: Int
    public var staffed: Int

    public init(date: String, position: String?, startTime: String, endTime: String, startsAt: Date, endsAt: Date, needed: Int, staffed: Int) {
        self.date = date
        self.position = position
        self.startTime = startTime
        self.endTime = endTime
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.needed = needed
        self.staffed = staffed
    }
}
