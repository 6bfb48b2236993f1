import ShiftyDomain

/// How long before a shift its owner is reminded: the workplace setting `reminderMinutesBefore`.
///
/// 0 switches reminders off. Otherwise 5 minutes to a day: less than 5 minutes would arrive after
/// people left home, and the claim query scans at most a day of shifts ahead.
package enum ReminderLeadTime {
    /// Seed 003's default: half an hour before the shift.
    static let defaultMinutes = 30
    /// The accepted range when reminders are on.
    package static let allowedMinutes = 5...1440

    /// Refuses (`AccountRefusal.reminderLeadTimeOutOfRange`) unless `minutes` is 0 or in `allowedMinutes`.
    static func validate(_ minutes: Int) throws(AccountRefusal) {
        guard minutes == 0 || allowedMinutes.contains(minutes) else { throw .reminderLeadTimeOutOfRange }
    }
}
