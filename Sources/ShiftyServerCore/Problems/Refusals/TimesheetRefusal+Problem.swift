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
            self = .invalid("to", ProblemText("server.invalid.periodOutOfRange", ["limit": String(TimesheetDecider.longestPeriodDays)]))
        case .periodNotOver:
            self = .invalid("to", ProblemText("server.invalid.periodNotOver"))
        case .thresholdOutOfRange:
            let range = TimesheetDecider.thresholdMinutes
            self = .invalid(
                "threshold",
                ProblemText("server.invalid.thresholdOutOfRange", ["lowest": String(range.lowerBound), "highest": String(range.upperBound)]))
        case .reasonLength:
            self = .invalid("reason", ProblemText("server.invalid.punchReason", ["limit": String(TimesheetDecider.maximumReasonLength)]))
        case .locked(let date, let approval):
            self.init(
                .conflict, code: .timesheetLocked,
                text: .init("server.problem.timesheet_locked.detail", ["date": "\(date)", "approval": "\(approval)"]))
        }
    }
}
