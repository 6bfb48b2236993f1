import Hummingbird
import ShiftyDomain

extension Problem {
    /// A punch-edit refusal as the client sees it: the one place that gives each refusal its HTTP
    /// status and its sentence (404 no such punch or member, 422 a punch in the future or a field
    /// that is not right).
    package init(_ refusal: PunchRefusal) {
        switch refusal {
        case .inFuture:
            self.init(.unprocessableContent, code: ProblemCode(refusal.code), text: .init("server.problem.punch_in_future.detail"))
        case .beforeEarliest:
            self = .invalid("at", ProblemText("server.invalid.punchBeforeEarliest"))
        case .nothingToChange:
            self = .invalid("at", ProblemText("server.invalid.punchNothingToChange"))
        case .punchNotFound:
            self = .notFound("punch")
        case .memberNotFound:
            self = .notFound("user")
        case .daysOutOfRange:
            self = .invalid("to", ProblemText("server.invalid.punchDaysOutOfRange", ["limit": String(PunchEditDecider.longestDaysRange)]))
        }
    }
}
