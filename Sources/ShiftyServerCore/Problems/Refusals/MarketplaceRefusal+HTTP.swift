import Hummingbird
import ShiftyAPI
import ShiftyDomain

/// The one place a marketplace refusal gets its HTTP status (a rule's refusal is one too:
/// `Rulebook` and `FixedShiftRules` refuse with `MarketplaceRefusal`). The domain says what kind
/// of "no" it is; the edge says how HTTP spells it.
extension MarketplaceRefusal.Kind {
    package var httpStatus: HTTPResponse.Status {
        switch self {
        case .notAllowed: .forbidden
        case .invalid: .unprocessableContent
        case .notFound: .notFound
        case .conflict: .conflict
        }
    }
}

extension Problem {
    /// A marketplace refusal as a problem document: its code in the API's list (``ProblemCode/init(_:)``,
    /// where a missing shift, deal or request is `not_found` like everywhere else) and its kind's status.
    package init(_ refusal: MarketplaceRefusal) {
        self.init(refusal.kind.httpStatus, code: ProblemCode(refusal.code), detail: refusal.detail)
    }
}

extension ShiftyAPI.ActionPreview.Refusal {
    /// The refusal a preview reports, with the problem code and status the action itself would answer.
    package init(_ refusal: MarketplaceRefusal) {
        self.init(code: ProblemCode(refusal.code).rawValue, status: refusal.kind.httpStatus.code, detail: refusal.detail)
    }
}
