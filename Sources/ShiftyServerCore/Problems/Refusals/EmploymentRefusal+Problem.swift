import Hummingbird
import ShiftyDomain

extension Problem {
    /// An employment refusal as the client sees it: 404 no such member, 422 terms that make no sense.
    package init(_ refusal: EmploymentRefusal) {
        switch refusal {
        case .memberNotFound:
            self = .notFound("user")
        case .contractOutOfRange:
            let range = EmploymentRules.contractMinutesPerWeek
            self = .invalid(
                "contractMinutesPerWeek",
                ProblemText("server.invalid.minutesBetweenOrNull", ["lowest": String(range.lowerBound), "highest": String(range.upperBound)]))
        case .endBeforeStart:
            self = .invalid("end", ProblemText("server.invalid.notBeforeStart"))
        }
    }
}
