import Hummingbird
import ShiftyDomain

extension Problem {
    /// A timesheet refusal as the client sees it: the one place that gives each refusal its HTTP
    /// status and its sentence (403 a member reviewing, approving or unlocking, 404 no such member
    /// or locked approval, 409 a punch edit on a locked day, 422 a field that is not right).
    package init(_ refusal: TimesheetRefusal) {
        switch refusal {
        case .managerOnly:
            self = .managerOnly
        case .memberNotFound:
            self = .notFound("user")
        case .approvalNotFound:
            self = .notFound("locked approval")
        case .periodOutOfRange:
            self = .invalid("to", "must be on or after from, at most \(TimesheetDecider.longestPeriodDays) days (a week or a month)")
        case .periodNotOver:
            self = .invalid("to", "a period can be approved once it is over (to must be before today)")
        case .thresholdOutOfRange:
            let range = TimesheetDecider.thresholdMinutes
            self = .invalid("threshold", "must be between \(range.lowerBound) and \(range.upperBound) minutes")
        case .reasonLength:
            self = .invalid("reason", "must be 1 to \(TimesheetDecider.maximumReasonLength) characters: say why the punch changes")
        case .locked(let date, let approval):
            self.init(
                .conflict, code: .timesheetLocked,
                text: .init("server.problem.timesheet_locked.detail", ["date": "\(date)", "approval": "\(approval)"]))
        }
    }
}
