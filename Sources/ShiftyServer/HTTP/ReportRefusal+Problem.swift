import Hummingbird
import ShiftyDomain
import ShiftyServerCore

extension Problem {
    /// A report refusal as the client sees it: 404 naming what is missing.
    init(_ refusal: ReportRefusal) {
        switch refusal {
        case .workplaceNotFound:
            self = .notFound("workplace")
        case .memberNotFound:
            self = .notFound("user")
        }
    }
}
