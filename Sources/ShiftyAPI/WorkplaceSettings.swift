/// A workplace's settings as the API shows them (openapi.yaml `WorkplaceSettings`): in a login
/// answer's workplace, `GET /api/v1/workplace` and the answer to changing them. The server writes
/// its own settings value (which also decodes partial patches and is stored) through this type.
public struct WorkplaceSettings: Codable, Sendable, Hashable {
    /// One optional hour or rest limit: its value and whether breaking it refuses or warns.
    public struct HourLimit: Codable, Sendable, Hashable {
        /// Hours (days for `maxConsecutiveDays`).
        public var limit: Int
        public var severity: Severity

        public init(limit: Int, severity: Severity) {
            self.limit = limit
            self.severity = severity
        }
    }

    /// The workplace's hour and rest limits; a limit left out is no such rule.
    public struct HourLimits: Codable, Sendable, Hashable {
        public var maxWeeklyHours: HourLimit?
        public var minRestHours: HourLimit?
        public var maxConsecutiveDays: HourLimit?
        public var maxShiftHours: HourLimit?

        public init(
            maxWeeklyHours: HourLimit? = nil, minRestHours: HourLimit? = nil, maxConsecutiveDays: HourLimit? = nil,
            maxShiftHours: HourLimit? = nil
        ) {
            self.maxWeeklyHours = maxWeeklyHours
            self.minRestHours = minRestHours
            self.maxConsecutiveDays = maxConsecutiveDays
            self.maxShiftHours = maxShiftHours
        }
    }

    /// Trades take effect without a manager's approval.
    public var autoApprove: Bool
    /// Nobody ends up with two shifts on one day.
    public var onePerDay: Bool
    /// Employees may create and edit their own fixed shifts.
    public var employeesManageFixedShifts: Bool
    /// Minutes before a shift its owner gets a `shift.reminder` (0: no reminders).
    public var reminderMinutesBefore: Int
    public var hourLimits: HourLimits
    /// Receiving a shift during approved time off, or in recurring unavailable time.
    public var timeOffRule: Severity
    public var availabilityRule: Severity
    /// Hours before a shift starts that a deal on it nobody decided expires.
    public var dealExpiryHours: Int
    /// The language of members who chose none (`en`, `nl`…).
    public var language: String
    /// What late changes to the published schedule owe (the schedule-change ledger).
    public var scheduleChanges: ScheduleChanges

    public init(
        autoApprove: Bool, onePerDay: Bool, employeesManageFixedShifts: Bool, reminderMinutesBefore: Int, hourLimits: HourLimits,
        timeOffRule: Severity, availabilityRule: Severity, dealExpiryHours: Int, language: String,
        scheduleChanges: ScheduleChanges = ScheduleChanges(preset: "none")
    ) {
        self.scheduleChanges = scheduleChanges
        self.autoApprove = autoApprove
        self.onePerDay = onePerDay
        self.employeesManageFixedShifts = employeesManageFixedShifts
        self.reminderMinutesBefore = reminderMinutesBefore
        self.hourLimits = hourLimits
        self.timeOffRule = timeOffRule
        self.availabilityRule = availabilityRule
        self.dealExpiryHours = dealExpiryHours
        self.language = language
    }
}

extension WorkplaceSettings {
    /// The schedule-change rule: a preset by name (`none`, `nl_on_call`, `us_seattle`, `us_oregon`,
    /// `us_nyc_fast_food`) or `custom` with `custom`'s figures.
    public struct ScheduleChanges: Codable, Sendable, Hashable {
        public var preset: String
        public var custom: Custom?

        public init(preset: String, custom: Custom? = nil) {
            self.preset = preset
            self.custom = custom
        }

        /// A workplace's own rule: notice in days, minutes of pay for added and moved hours, a share
        /// of lost hours for cuts, and optionally a rest premium.
        public struct Custom: Codable, Sendable, Hashable {
            public var noticeDays: Int
            public var addedMinutesOfPay: Int
            public var movedMinutesOfPay: Int
            public var cutPercentOfLostTime: Int
            public var clopeningRestHours: Int?
            public var clopeningPercentOfPay: Int

            public init(
                noticeDays: Int, addedMinutesOfPay: Int, movedMinutesOfPay: Int, cutPercentOfLostTime: Int, clopeningRestHours: Int?,
                clopeningPercentOfPay: Int
            ) {
                self.noticeDays = noticeDays
                self.addedMinutesOfPay = addedMinutesOfPay
                self.movedMinutesOfPay = movedMinutesOfPay
                self.cutPercentOfLostTime = cutPercentOfLostTime
                self.clopeningRestHours = clopeningRestHours
                self.clopeningPercentOfPay = clopeningPercentOfPay
            }
        }
    }

    /// What breaking one of the workplace's rules does (openapi.yaml `refuse`/`warn` of the hour
    /// limits, `timeOffRule`, `availabilityRule` and a preview's rules).
    public enum Severity: APIWord {
        /// The action is refused (a manager may override an overridable rule with a reason).
        case refuse
        /// The action goes through with a warning.
        case warn
        /// A severity of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.refuse, .warn]

        public var rawValue: String {
            switch self {
            case .refuse: "refuse"
            case .warn: "warn"
            case .unknown(let word): word
            }
        }
    }
}
