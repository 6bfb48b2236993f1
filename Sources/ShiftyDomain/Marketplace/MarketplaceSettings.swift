/// Per-workplace switches that change marketplace legality.
public struct MarketplaceSettings: Sendable, Hashable, Codable {
    /// Deals skip the manager and are approved as soon as both sides agree. Off by default.
    public var autoApprove: Bool
    /// The seed's rule: nobody works two shifts on one workplace-local date. On by default.
    public var onePerDay: Bool
    /// The workplace's hour and rest limits (each optional; members may have their own values).
    public var hourLimits: HourLimits
    /// Whether receiving a shift during approved time off refuses (the default) or only warns.
    public var timeOffRule: RuleSeverity
    /// Whether receiving a shift in a recurring unavailable time refuses (the default) or only warns.
    public var availabilityRule: RuleSeverity
    /// Hours before its earliest shift starts that a deal nobody decided expires (0: at the start).
    public var dealExpiryHours: Int
    /// What late changes to the published schedule owe (the schedule-change ledger); none by default.
    public var scheduleChanges: ScheduleChangePolicy

    /// The largest `dealExpiryHours` (a week).
    public static let maximumDealExpiryHours = 168

    public init(
        autoApprove: Bool = false, onePerDay: Bool = true, hourLimits: HourLimits = .none,
        timeOffRule: RuleSeverity = .refuse, availabilityRule: RuleSeverity = .refuse, dealExpiryHours: Int = 0,
        scheduleChanges: ScheduleChangePolicy = .none
    ) {
        self.scheduleChanges = scheduleChanges
        self.dealExpiryHours = dealExpiryHours
        self.hourLimits = hourLimits
        self.timeOffRule = timeOffRule
        self.availabilityRule = availabilityRule
        self.autoApprove = autoApprove
        self.onePerDay = onePerDay
    }

    public static let `default` = MarketplaceSettings()
}
