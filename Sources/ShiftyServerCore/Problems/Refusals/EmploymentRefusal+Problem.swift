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
            self = .invalid("contractMinutesPerWeek", "must be between \(range.lowerBound) and \(range.upperBound) minutes, or null")
        case .endBeforeStart:
            self = .invalid("end", "must be on or after start")
        }
    }
}
