import Hummingbird
import ShiftyDomain

extension Problem {
    /// A marketplace look or a request's dates refused, as the client sees it: 404 no such deal,
    /// 422 a field that is not right, 400 a preview missing its query parameter.
    package init(_ refusal: MarketplaceQueryRefusal) {
        switch refusal {
        case .malformedRequestDate(let index):
            self = .invalid("dates.\(index)", ProblemText("server.invalid.date"))
        case .dealNotFound:
            self = .notFound("deal")
        case .tradesRangeOutOfRange:
            self = .invalid("to", ProblemText("server.invalid.tradesRange"))
        case .swapPreviewWithoutOfferedShift:
            self = .invalidParameter("offeredShiftId", ProblemText("server.invalid.requiredForSwap"))
        case .assignPreviewWithoutOwner:
            self = .invalidParameter("ownerId", ProblemText("server.invalid.requiredToPreviewAssignment"))
        }
    }
}
