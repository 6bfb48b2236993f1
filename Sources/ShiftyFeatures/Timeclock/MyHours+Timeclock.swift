import ShiftyAPI
import ShiftyDomain

// "My hours" as the API shows it, from what the timeclock computed and the stores read. A manager's
// timesheet review still writes the domain's `TimesheetDay` (and `EmploymentView`, `ApprovalView`)
// itself; `APIWireGoldenTests.myHoursDaysAreWrittenLikeTheReviewsDays` keeps the two alike.

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

extension ShiftyAPI.MyHours.Employment {
    /// The member's employment terms as the employment store reads them.
    init(_ employment: EmploymentView) {
        self.init(
            userID: employment.userID, start: employment.start?.description, end: employment.end?.description,
            contractMinutesPerWeek: employment.contractMinutesPerWeek, worksFixedQuota: employment.worksFixedQuota)
    }
}

extension ShiftyAPI.MyHours.Approval {
    /// An approved period as the timesheet store reads it.
    init(_ approval: ApprovalView) {
        self.init(
            id: approval.id, userID: approval.userID, displayName: approval.displayName, from: approval.from.description,
            to: approval.to.description, approvedBy: approval.approvedBy, approvedByName: approval.approvedByName,
            approvedAt: approval.approvedAt, locked: approval.locked, unlockedBy: approval.unlockedBy,
            unlockedByName: approval.unlockedByName, unlockedAt: approval.unlockedAt, unlockReason: approval.unlockReason)
    }
}
