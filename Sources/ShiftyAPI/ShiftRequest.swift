/// An open request for extra work on a date (`GET /api/v1/requests`), with the shifts coworkers
/// suggested to it (what `shifty accept REQUEST SHIFT` picks from).
public struct ShiftRequest: Decodable, Sendable, Hashable {
    public var id: Int64
    public var requesterName: String
    public var date: String
    public var status: String
    public var suggestions: [MarketShift]

    public init(id: Int64, requesterName: String, date: String, status: String, suggestions: [MarketShift] = []) {
        self.id = id
        self.requesterName = requesterName
        self.date = date
        self.status = status
        self.suggestions = suggestions
    }
}
