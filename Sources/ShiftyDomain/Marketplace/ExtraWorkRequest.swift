/// A member's request ("Gezocht") for extra work on one date.
///
/// Posting for several dates creates one request per date, so each date is suggested to,
/// accepted and closed on its own. The API's answer for one (with names and suggestions) is
/// ShiftyAPI's `ShiftRequest`.
public struct ExtraWorkRequest: Sendable, Hashable, Codable {
    public var id: RequestID
    public var requester: UserID
    /// Workplace-local date on which the requester wants to work.
    public var date: LocalDate
    public var status: RequestStatus
    /// Set while `status == .pendingDeal`.
    public var dealID: DealID?

    public init(id: RequestID, requester: UserID, date: LocalDate, status: RequestStatus = .open, dealID: DealID? = nil) {
        self.id = id
        self.requester = requester
        self.date = date
        self.status = status
        self.dealID = dealID
    }
}

/// Lifecycle of a request. `fulfilled` and `withdrawn` are terminal.
public enum RequestStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Accepting suggestions.
    case open
    /// A suggestion was accepted and waits for approval.
    case pendingDeal = "pending_deal"
    /// The accepted suggestion was approved.
    case fulfilled
    /// The requester withdrew it (or its date passed).
    case withdrawn

    public var isTerminal: Bool { self == .fulfilled || self == .withdrawn }
}
