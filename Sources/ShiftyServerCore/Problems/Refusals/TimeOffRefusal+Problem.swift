import Hummingbird
import ShiftyDomain

extension Problem {
    /// A time-off refusal as the client sees it: the one place that gives each refusal its HTTP
    /// status and its sentence (403 a member deciding, 404 no such request, 409 the request
    /// already moved on, 422 a field that makes no sense, naming the field the domain names).
    package init(_ refusal: TimeOffRefusal) {
        switch refusal {
        case .managerOnly:
            self = .managerOnly
        case .notFound:
            self = .notFound("time-off request")
        case .notPending(let id, let status):
            self.init(
                .conflict, code: ProblemCode(refusal.code),
                text: .init("server.problem.time_off_not_pending.detail", ["id": id.description, "status": status.rawValue]))
        case .notWithdrawable(let id, let status):
            self.init(
                .conflict, code: ProblemCode(refusal.code),
                text: .init("server.problem.time_off_not_withdrawable.detail", ["id": id.description, "status": status.rawValue]))
        case .malformedDate(let field):
            self = .invalid(field.rawValue, "expected YYYY-MM-DD")
        case .malformedTime(let field):
            self = .invalid(field.rawValue, "expected HH:MM")
        case .lastDateBeforeFirstDate:
            self = .invalid(refusal, "must not be before firstDate")
        case .tooManyDays:
            self = .invalid(refusal, "a request covers at most \(TimeOffPeriod.maximumDays) days")
        case .endTimeNotAfterStartTime:
            self = .invalid(refusal, "must be after startTime on the same day")
        case .emptyPeriod:
            self = .invalid(refusal, "the time off must not be empty")
        case .alreadyOver:
            self = .invalid(refusal, "the time off is already over")
        case .reasonTooLong:
            self = .invalid(refusal, "at most \(TimeOffDecider.maximumReasonLength) characters")
        case .noteTooLong:
            self = .invalid(refusal, "at most \(Marketplace.maximumNoteLength) characters")
        }
    }

    /// 422 naming the field the domain says the refusal is about.
    private static func invalid(_ refusal: TimeOffRefusal, _ reason: String) -> Problem {
        .invalid(refusal.field?.rawValue ?? "body", reason)
    }
}
