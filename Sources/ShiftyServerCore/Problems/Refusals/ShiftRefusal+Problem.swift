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
            self = .invalid("ownerId", "is not a member of this workplace")
        case .ownerNotActiveMember:
            self = .invalid("ownerId", "is not an active member of this workplace")
        case .malformedDate(let field):
            self = .invalid(field.rawValue, "must be a date (YYYY-MM-DD)")
        case .malformedStartTime:
            self = .invalid("startTime", "must be HH:MM")
        case .durationOutOfRange:
            self = .invalid("durationMinutes", "must be between 1 and \(FixedShift.maximumDurationMinutes)")
        case .positionTooLong:
            self = .invalid("position", "must be at most \(FixedShift.maximumPositionLabelLength) characters")
        case .positionNotOneLine:
            self = .invalid("position", SingleLineText.text)
        case .rangeBackwards:
            self = .invalid("to", "must not be before from")
        case .rangeTooLong:
            self = .invalid("to", "the range may span at most \(ShiftRules.teamScheduleMaximumDays) days")
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
