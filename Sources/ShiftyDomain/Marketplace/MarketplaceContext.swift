import Foundation

/// Everything `Marketplace.apply` may look at: the server loads it (locking the rows involved)
/// and the domain decides from it alone, so the rules are testable without a database.
public struct MarketplaceContext: Sendable, Hashable {
    /// The moment of the decision (never read from a clock inside the domain).
    public var now: Date
    /// Interprets shift starts as workplace-local dates for the one-shift-per-day rule.
    public var timeZone: WorkplaceTimeZone
    public var settings: MarketplaceSettings
    /// The shifts the action names, plus (for suggestion actions) every shift suggested to the
    /// request concerned, so the others can be released.
    public var shifts: [ShiftID: MarketShift]
    /// The deal the action names, if any.
    public var deal: Deal?
    /// The request the action names, if any.
    public var request: ShiftRequest?
    /// For every member who would receive a shift: their other non-cancelled shifts around the
    /// dates involved, including shifts they are receiving in other pending deals.
    public var commitments: [UserID: [ShiftInterval]]
    /// Members who are deactivated (counterparties included).
    public var inactiveUsers: Set<UserID>
    /// Dates on which the actor already has an open or pending request (for `postRequests`).
    public var actorRequestDates: Set<LocalDate>

    public init(
        now: Date, timeZone: WorkplaceTimeZone = .utc, settings: MarketplaceSettings = .default,
        shifts: [MarketShift] = [], deal: Deal? = nil, request: ShiftRequest? = nil,
        commitments: [UserID: [ShiftInterval]] = [:], inactiveUsers: Set<UserID> = [],
        actorRequestDates: Set<LocalDate> = []
    ) {
        self.now = now
        self.timeZone = timeZone
        self.settings = settings
        self.shifts = Dictionary(shifts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.deal = deal
        self.request = request
        self.commitments = commitments
        self.inactiveUsers = inactiveUsers
        self.actorRequestDates = actorRequestDates
    }
}
