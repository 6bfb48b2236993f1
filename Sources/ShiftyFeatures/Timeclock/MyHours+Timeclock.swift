import ShiftyAPI
import ShiftyDomain

// "My hours" as the API shows it, from what the timeclock computed and the stores read. A manager's
// timesheet review writes its days with the same `MyHours.Entry`.

extension ShiftyAPI.MyHours.Entry {
    /// A day of the month with what needs a look, from the timesheet day the timeclock judged.
    init(_ day: TimesheetDay) {
        self.init(
            day: ShiftyAPI.MyHours.Day(day.day), attention: day.attention.map(Attention.init), lateMinutes: day.lateMinutes,
            earlyMinutes: day.earlyMinutes)
    }
}

extension ShiftyAPI.MyHours.Day {
    /// The timeclock's verdict on one local day.
    init(_ report: DayReport) {
        self.init(
            date: report.date.description, status: Status(report.status), workedMinutes: report.workedMinutes,
            breakMinutes: report.breakMinutes, paidMinutes: report.paidMinutes, scheduledMinutes: report.scheduledMinutes,
            expected: report.expected, quotaMinutes: report.quotaMinutes, overtimeMinutes: report.overtimeMinutes,
            lengthMinutes: report.lengthMinutes, isClosed: report.isClosed)
    }
}
