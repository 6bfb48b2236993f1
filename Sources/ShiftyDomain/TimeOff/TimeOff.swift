import Foundation

/// A time-off request (`time_off_requests.id`).
public struct TimeOffID: DomainIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A time-off request as the rules see it: whose it is, the instants it covers and where it
/// stands. The API's `TimeOffRequest` is what clients read; this is what `TimeOffDecider` decides on.
public struct TimeOff: Sendable, Hashable, Codable {
    public var id: TimeOffID
    /// The member who asked.
    public var member: UserID
    /// The absolute instants the request covers, half-open (its period in the workplace's zone).
    public var interval: Range<Date>
    public var status: TimeOffStatus

    public init(id: TimeOffID, member: UserID, interval: Range<Date>, status: TimeOffStatus) {
        self.id = id
        self.member = member
        self.interval = interval
        self.status = status
    }
}
