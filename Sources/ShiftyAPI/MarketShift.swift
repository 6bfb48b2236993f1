import Foundation

/// A shift as the API shows it (`GET /api/v1/shifts/{id}`, the marketplace list, and the `shifts`
/// snapshots inside live events), reduced to what the terminal shows.
///
/// Decoding is lenient about fields the terminal does not need, so a newer server that adds or drops
/// optional fields does not break an older client.
public struct MarketShift: Codable, Sendable, Hashable {
    public var id: Int64
    public var ownerId: Int64
    public var ownerName: String
    /// Local date in the workplace's time zone, `YYYY-MM-DD`.
    public var date: String
    /// Local start time, `HH:MM`.
    public var startTime: String
    /// Local end time, `HH:MM`.
    public var endTime: String
    /// The instant the shift starts (ISO 8601), used to drop shifts that began while we watched.
    public var startsAt: String?
    public var position: String?
    /// `scheduled`, `supplied`, `suggested`, `in_deal` or `cancelled`.
    public var status: String
    public var dealId: Int64?
    public var requestId: Int64?
    /// A manager released it to the marketplace: the owner covers it until a pick-up is approved.
    public var unassigned: Bool?

    public init(
        id: Int64, ownerId: Int64, ownerName: String, date: String, startTime: String, endTime: String,
        startsAt: String? = nil, position: String? = nil, status: String, dealId: Int64? = nil,
        requestId: Int64? = nil, unassigned: Bool? = nil
    ) {
        self.id = id
        self.ownerId = ownerId
        self.ownerName = ownerName
        self.date = date
        self.startTime = startTime
        self.endTime = endTime
        self.startsAt = startsAt
        self.position = position
        self.status = status
        self.dealId = dealId
        self.requestId = requestId
        self.unassigned = unassigned
    }

    /// `startsAt` as a date, when present and well-formed.
    public var startDate: Date? { self.startsAt.flatMap(ISO8601Instant.parse) }
}
