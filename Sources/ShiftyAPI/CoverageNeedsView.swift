/// The staffing a workplace needs: `GET /coverage-needs` answers it, `PUT /coverage-needs` takes
/// it (the whole list) and answers what was stored, sorted by weekday, start and position.
public struct CoverageNeedsView: Codable, Sendable, Hashable {
    public var needs: [CoverageNeedView]

    public init(needs: [CoverageNeedView]) {
        self.needs = needs
    }
}

/// One need: on `weekday` (1 Monday … 7 Sunday) from `startTime` to `endTime` ("HH:MM"; an end at
/// or before the start is the next day), `headcount` people of `position` (absent: anyone).
public struct CoverageNeedView: Codable, Sendable, Hashable {
    public var weekday: Int
    public var startTime: String
    public var endTime: String
    public var position: String?
    public var headcount: Int

    public init(weekday: Int, startTime: String, endTime: String, position: String?, headcount: Int) {
        self.weekday = weekday
        self.startTime = startTime
        self.endTime = endTime
        self.position = position
        self.headcount = headcount
    }
}
