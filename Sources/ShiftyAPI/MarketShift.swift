import Foundation

/// A concrete shift as the API shows it (openapi.yaml `Shift`): `GET /api/v1/shifts/{id}`, the
/// marketplace, schedules, deals' legs, and the `shifts` snapshots inside live events. The server
/// encodes this type and the terminal decodes it (docs/api-shapes.md); local date and times are
/// in the workplace time zone.
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
    /// The instant the shift starts, used to drop shifts that began while we watched.
    @ISO8601Date public var startsAt: Date
    @ISO8601Date public var endsAt: Date
    public var position: String?
    public var status: Status
    public var dealId: Int64?
    public var requestId: Int64?
    /// The weekly fixed shift it was generated from, if any.
    public var fixedShiftId: Int64?
    /// A manager unassigned it: it waits on the marketplace; the owner covers it until a pick-up is approved.
    public var unassigned: Bool
    /// On the marketplace only: whether the viewer may receive it by the qualification rule
    /// (`false`: its position is one the workplace tracks and the viewer is not qualified for).
    public var viewerQualified: Bool?

    public init(
        id: Int64, ownerId: Int64, ownerName: String, date: String, startTime: String, endTime: String,
        startsAt: Date, endsAt: Date, position: String? = nil, status: Status, dealId: Int64? = nil,
        requestId: Int64? = nil, fixedShiftId: Int64? = nil, unassigned: Bool = false, viewerQualified: Bool? = nil
    ) {
        self.id = id
        self.ownerId = ownerId
        self.ownerName = ownerName
        self.date = date
        self.startTime = startTime
        self.endTime = endTime
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.position = position
        self.status = status
        self.dealId = dealId
        self.requestId = requestId
        self.fixedShiftId = fixedShiftId
        self.unassigned = unassigned
        self.viewerQualified = viewerQualified
    }
}

extension MarketShift {
    /// Where a shift stands on the marketplace (openapi.yaml `Shift.status`).
    public enum Status: APIWord {
        /// Its owner works it; nothing is going on.
        case scheduled
        /// On offer on the marketplace.
        case supplied
        /// Suggested to a coworker's request for extra work.
        case suggested
        /// Part of a deal that is not decided yet.
        case inDeal
        /// Taken off the schedule (a closed day, a manager).
        case cancelled
        /// A status of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.scheduled, .supplied, .suggested, .inDeal, .cancelled]

        public var rawValue: String {
            switch self {
            case .scheduled: "scheduled"
            case .supplied: "supplied"
            case .suggested: "suggested"
            case .inDeal: "in_deal"
            case .cancelled: "cancelled"
            case .unknown(let word): word
            }
        }
    }
}
