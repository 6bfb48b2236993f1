import Foundation
import ShiftyAPI
import ShiftyDomain

/// The monthly timeclock report for a workplace (or one member of it).
///
/// Each employee entry keeps seed 000's export fields under their original names (`name`,
/// `username`, `extraWageType`, `monthlyOvertime`, `diligenceAbsences`) so the payroll side can
/// read it as before, and adds what the seed did not have: worked time, absences, days by
/// status and scheduled versus worked. All durations are minutes; `monthlyOvertime` is in hours
/// (as the seed's field was) but exact to the minute instead of rounded to whole hours.
public struct MonthlyReport: Codable, Sendable, Equatable {
    public var workplace: String
    public var workplaceName: String
    public var month: ReportMonth
    public var timeZone: String
    public var rules: TimeclockRulesDocument
    /// Days after this date are "upcoming" and not judged yet; `nil` when the month is over.
    public var judgedThrough: LocalDate?
    public var employees: [EmployeeMonthReport]
    public var totals: Totals

    public struct Totals: Codable, Sendable, Equatable {
        public var employees: Int
        public var workedMinutes: Int
        public var breakMinutes: Int
        public var paidMinutes: Int
        public var overtimeMinutes: Int
        public var absences: Int
        public var diligenceAbsences: Int
        public var scheduledMinutes: Int
        public var punches: Int
        public var incompleteEmployees: Int
    }
}

/// One member's month.
public struct EmployeeMonthReport: Codable, Sendable, Equatable {
    public var userID: Int64
    public var name: String
    public var username: String
    public var payType: String
    /// The seed's name for the pay model: `normalPay` or `diligencePay`.
    public var extraWageType: String
    /// Normal pay: the month's overtime in hours (minutes / 60, two decimals); 0 for diligence pay, as in the seed.
    public var monthlyOvertime: Double
    /// Diligence pay: absences, capped per month; 0 for normal pay, as in the seed.
    public var diligenceAbsences: Int
    /// Worked time on counted days (check-in to check-out), breaks included.
    public var workedMinutes: Int
    /// Unpaid breaks on counted days: punched, or else the workplace's break rules.
    public var breakMinutes: Int
    /// Worked − break: the paid time, which overtime is measured with.
    public var paidMinutes: Int
    /// The month's overtime in minutes by the normal-pay rules, whatever the pay type.
    public var overtimeMinutes: Int
    /// Expected days without punches: days with a scheduled shift (or, for a member working the
    /// fixed quota, quota days) inside the employment period. Never a day before the member
    /// joined or after they left.
    public var absences: Int
    public var daysByStatus: DayStatusCounts
    /// Days left out of the totals until a manager fixes their punches; the figures are provisional while any remain.
    public var oddPunchDates: [LocalDate]
    public var complete: Bool
    public var punches: Int
    public var schedule: ScheduleComparison
    /// Employment start/end, contract hours and fixed quota used for this report.
    public var employment: EmploymentView
    /// Days of the month in a locked (approved) timesheet.
    public var approvedDates: [LocalDate]
    /// Only in a single member's report (and the payroll export).
    public var days: [DayReport]?
    public var weeks: [WeekReport]?
    /// What late schedule changes owe the member this month (the schedule-change ledger), per
    /// shift date: entries neither exempt nor waived. Minutes of pay are at the member's rate,
    /// which payroll applies; cents are fixed amounts.
    public var schedulePremiums: [SchedulePremiumDay] = []
}

/// One date's schedule-change premiums for a member.
public struct SchedulePremiumDay: Codable, Sendable, Equatable {
    public var date: LocalDate
    public var minutes: Int
    public var cents: Int
}

/// Scheduled versus worked for one member's month.
public struct ScheduleComparison: Codable, Sendable, Equatable {
    public var scheduledShifts: Int
    public var scheduledMinutes: Int
    /// Worked minutes that fell inside scheduled shifts.
    public var workedInScheduleMinutes: Int
    public var lateArrivals: Int
    public var earlyLeaves: Int
    public var noShows: Int
    public var deviations: [ScheduleDeviation]
}
