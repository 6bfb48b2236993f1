/// Per-workplace switches, stored as JSON so later features can add keys without a migration.
///
/// Unknown keys are ignored and missing keys take their defaults, so old rows keep working.
public struct WorkplaceSettings: Codable, Sendable, Equatable {
    /// Trades take effect without a manager's approval.
    public var autoApprove: Bool = false
    /// The seed's rule: nobody ends up with two shifts on one day.
    public var onePerDay: Bool = true
    /// Employees may create and edit their own fixed shifts (the seed's behaviour).
    public var employeesManageFixedShifts: Bool = true
    /// Minutes before a shift its owner gets a `shift.reminder` (0 = no reminders; see `ReminderLeadTime`).
    public var reminderMinutesBefore: Int = ReminderLeadTime.defaultMinutes

    public init() {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = WorkplaceSettings()
        autoApprove = try container.decodeIfPresent(Bool.self, forKey: .autoApprove) ?? defaults.autoApprove
        onePerDay = try container.decodeIfPresent(Bool.self, forKey: .onePerDay) ?? defaults.onePerDay
        employeesManageFixedShifts = try container.decodeIfPresent(Bool.self, forKey: .employeesManageFixedShifts) ?? defaults.employeesManageFixedShifts
        reminderMinutesBefore = try container.decodeIfPresent(Int.self, forKey: .reminderMinutesBefore) ?? defaults.reminderMinutesBefore
    }
}
