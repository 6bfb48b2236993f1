import Hummingbird
import ShiftyDomain

extension Problem {
    /// A weekly-availability refusal as the client sees it: 403 someone else's week, 404 no such
    /// member, 422 too many entries.
    package init(_ refusal: AvailabilityRefusal) {
        switch refusal {
        case .managerOnly:
            self = .managerOnly
        case .tooManyEntries:
            self = .invalid("entries", ProblemText("server.invalid.tooManyEntries", ["limit": String(AvailabilityRules.maximumEntries)]))
        case .memberNotFound:
            self = .notFound("user")
        }
    }
}
