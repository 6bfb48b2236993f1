/// A time-off request (`GET /api/v1/time-off`): what `shifty timeoff` lists and acts on.
public struct TimeOffRequest: Decodable, Sendable, Hashable {
    public var id: Int64
    public var userName: String
    public var firstDate: String
    public var lastDate: String
    public var startTime: String?
    public var endTime: String?
    public var reason: String
    public var status: String
    public var managerNote: String?
    public var releasedShiftIds: [Int64]?

    public init(
        id: Int64, userName: String, firstDate: String, lastDate: String, startTime: String? = nil, endTime: String? = nil,
        reason: String = "", status: String, managerNote: String? = nil, releasedShiftIds: [Int64]? = nil
    ) {
        self.id = id
        self.userName = userName
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.startTime = startTime
        self.endTime = endTime
        self.reason = reason
        self.status = status
        self.managerNote = managerNote
        self.releasedShiftIds = releasedShiftIds
    }
}
