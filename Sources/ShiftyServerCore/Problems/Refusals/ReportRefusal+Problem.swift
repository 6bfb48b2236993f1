import Hummingbird
import ShiftyDomain

extension Problem {
    /// A report refusal as the client sees it: 404 naming what is missing.
    package init(_ refusal: ReportRefusal) {
        switch refusal {
        case .workplaceNotFound:
            self = .notFound("workplace")
        case .memberNotFound:
            self = .notFound("user")
        }
    }
}
