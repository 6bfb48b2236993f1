import Hummingbird
import ShiftyAPI
import ShiftyDomain

extension Problem {
    /// A schedule refusal as the client sees it: the one place that gives each refusal its HTTP
    /// status and its sentence (403 someone else's fixed shifts or fixed shifts left to managers,
    /// 404 no such member, shift or fixed shift, 422 a field that is not right).
    package init(_ refusal: ShiftRefusal) {
        switch refusal {
        case .managerOnly:
            self = .managerOnly
        case .fixedShiftsManagedByManagers:
            self.init(.forbidden, code: .fixedShiftsManagedByManagers, text: .init("server.problem.fixed_shifts_managed_by_managers.detail"))
        case .memberNotFound:
            self = .notFound("member")
        case .shiftNotFound:
            self = .notFound("shift")
        case .fixedShiftNotFound:
            self = .notFound("fixed shift")
        case .ownerNotMember:
            self = .invalid("ownerId", ProblemText("server.invalid.ownerNotMember"))
        case .ownerNotActiveMember:
            self = .invalid("ownerId", ProblemText("server.invalid.ownerNotActiveMember"))
        case .malformedDate(let field):
            self = .invalid(field.rawValue, ProblemText("server.invalid.date"))
        case .malformedStartTime:
            self = .invalid("startTime", ProblemText("server.invalid.time"))
        case .durationOutOfRange:
            self = .invalid("durationMinutes", ProblemText("server.invalid.duration", ["limit": String(FixedShift.maximumDurationMinutes)]))
        case .positionTooLong:
            self = .invalid("position", ProblemText("server.invalid.mustBeAtMost", ["limit": String(FixedShift.maximumPositionLabelLength)]))
        case .positionNotOneLine:
            self = .invalid("position", SingleLineText.text)
        case .rangeBackwards:
            self = .invalid("to", ProblemText("server.invalid.notBeforeFrom"))
        case .rangeTooLong:
            self = .invalid("to", ProblemText("server.invalid.rangeTooLong", ["limit": String(ShiftRules.teamScheduleMaximumDays)]))
        case .planningRangeTooLong:
            self = .invalid("to", ProblemText("server.invalid.rangeTooLong", ["limit": String(ShiftRules.planningMaximumDays)]))
        }
    }
}

extension ShiftyAPI.ActionPreview.Refusal {
    /// A schedule refusal as a week copy reports it for the one copy it stopped: the code, status
    /// and sentence the action itself would answer.
    package init(_ refusal: ShiftRefusal) {
        let problem = Problem(refusal)
        self.init(code: problem.code, status: problem.status.code, detail: problem.detail)
    }
}
