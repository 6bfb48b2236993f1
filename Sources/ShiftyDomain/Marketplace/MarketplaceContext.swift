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
    public var shifts: [ShiftID: OwnedShift]
    /// The deal the action names, if any.
    public var deal: Deal?
    /// The request the action names, if any.
    public var request: ExtraWorkRequest?
    /// For every member who would receive a shift: their other non-cancelled shifts around the
    /// dates involved, including shifts they are receiving in other pending deals.
    public var commitments: [UserID: [ShiftInterval]]
    /// Members who are deactivated (counterparties included).
    public var inactiveUsers: Set<UserID>
    /// Dates on which the actor already has an open or pending request (for `postRequests`).
    public var actorRequestDates: Set<LocalDate>
    /// The positions the workplace keeps qualifications for: a shift with one of these needs a
    /// qualified receiver; any other position (or none) needs nothing.
    public var trackedPositions: Set<String>
    /// For every member who would receive a shift: the positions they are qualified for.
    public var qualifications: [UserID: Set<String>]
    /// For every member who would receive a shift and has their own limits: those values.
    public var memberHourLimits: [UserID: MemberHourLimits]
    /// For every member who would receive a shift: their approved time off around the shifts.
    public var timeOff: [UserID: [TimeOffInterval]]
    /// For every member who would receive a shift: their recurring availability entries.
    public var availability: [UserID: [WeeklyAvailability]]

    public init(
        now: Date, timeZone: WorkplaceTimeZone = .utc, settings: MarketplaceSettings = .default,
        shifts: [OwnedShift] = [], deal: Deal? = nil, request: ExtraWorkRequest? = nil,
        commitments: [UserID: [ShiftInterval]] = [:], inactiveUsers: Set<UserID> = [],
        actorRequestDates: Set<LocalDate> = [], trackedPositions: Set<String> = [],
        qualifications: [UserID: Set<String>] = [:], memberHourLimits: [UserID: MemberHourLimits] = [:],
        timeOff: [UserID: [TimeOffInterval]] = [:], availability: [UserID: [WeeklyAvailability]] = [:]
    ) {
        self.timeOff = timeOff
        self.availability = availability
        self.trackedPositions = trackedPositions
        self.qualifications = qualifications
        self.memberHourLimits = memberHourLimits
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

    /// The hour limits that apply to `member`: the workplace's, with the member's own values.
    public func hourLimits(for member: UserID) -> HourLimits {
        settings.hourLimits.overridden(by: memberHourLimits[member])
    }
}
