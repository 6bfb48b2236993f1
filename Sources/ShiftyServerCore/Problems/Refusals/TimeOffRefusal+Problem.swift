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
            self = .invalid(field.rawValue, ProblemText("server.invalid.dateExpected"))
        case .malformedTime(let field):
            self = .invalid(field.rawValue, ProblemText("server.invalid.timeExpected"))
        case .lastDateBeforeFirstDate:
            self = .invalid(refusal, ProblemText("server.invalid.lastDateBeforeFirstDate"))
        case .tooManyDays:
            self = .invalid(refusal, ProblemText("server.invalid.tooManyDays", ["limit": String(TimeOffPeriod.maximumDays)]))
        case .endTimeNotAfterStartTime:
            self = .invalid(refusal, ProblemText("server.invalid.endTimeNotAfterStartTime"))
        case .emptyPeriod:
            self = .invalid(refusal, ProblemText("server.invalid.emptyPeriod"))
        case .alreadyOver:
            self = .invalid(refusal, ProblemText("server.invalid.alreadyOver"))
        case .reasonTooLong:
            self = .invalid(refusal, ProblemText("server.invalid.atMost", ["limit": String(TimeOffDecider.maximumReasonLength)]))
        case .noteTooLong:
            self = .invalid(refusal, ProblemText("server.invalid.atMost", ["limit": String(Marketplace.maximumNoteLength)]))
        }
    }

    /// 422 naming the field the domain says the refusal is about.
    private static func invalid(_ refusal: TimeOffRefusal, _ reason: ProblemText) -> Problem {
        .invalid(refusal.field?.rawValue ?? "body", reason)
    }
}
