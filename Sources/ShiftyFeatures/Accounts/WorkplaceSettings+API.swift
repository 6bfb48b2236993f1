import ShiftyAPI
import ShiftyDomain

extension ShiftyAPI.WorkplaceSettings {
    /// The settings as the API shows them, from the server's settings value. The stored row is
    /// still written by that value's own encoding; `APIWireGoldenTests` checks that the two are
    /// the same JSON, so what the API shows can be sent back as a PATCH and stored as it is.
    init(_ settings: StoredWorkplaceSettings) {
        func limit(_ limit: ShiftyDomain.HourLimit?) -> HourLimit? {
            limit.map { HourLimit(limit: $0.limit, severity: Severity($0.severity)) }
        }
        let limits = settings.hourLimits
        self.init(
            autoApprove: settings.autoApprove, onePerDay: settings.onePerDay, employeesManageFixedShifts: settings.employeesManageFixedShifts,
            reminderMinutesBefore: settings.reminderMinutesBefore,
            hourLimits: HourLimits(
                maxWeeklyHours: limit(limits.maxWeeklyHours), minRestHours: limit(limits.minRestHours),
                maxConsecutiveDays: limit(limits.maxConsecutiveDays), maxShiftHours: limit(limits.maxShiftHours)),
            timeOffRule: Severity(settings.timeOffRule), availabilityRule: Severity(settings.availabilityRule),
            dealExpiryHours: settings.dealExpiryHours, language: settings.language.rawValue,
            scheduleChanges: ScheduleChanges(
                preset: settings.scheduleChanges.preset,
                custom: settings.scheduleChanges.custom.map {
                    ScheduleChanges.Custom(
                        noticeDays: $0.noticeDays, addedMinutesOfPay: $0.addedMinutesOfPay, movedMinutesOfPay: $0.movedMinutesOfPay,
                        cutPercentOfLostTime: $0.cutPercentOfLostTime, clopeningRestHours: $0.clopeningRestHours,
                        clopeningPercentOfPay: $0.clopeningPercentOfPay)
                }))
    }
}
