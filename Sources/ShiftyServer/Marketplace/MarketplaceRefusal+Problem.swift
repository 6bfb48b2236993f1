import Hummingbird
import ShiftyDomain

extension Problem {
    /// A marketplace refusal as a problem document: its code in the API's list (``ProblemCode/init(_:)``,
    /// where a missing shift, deal or request is `not_found` like everywhere else) and its HTTP hint.
    init(_ refusal: MarketplaceRefusal) {
        self.init(HTTPResponse.Status(code: refusal.httpStatus), code: ProblemCode(refusal.code), detail: refusal.detail)
    }
}
