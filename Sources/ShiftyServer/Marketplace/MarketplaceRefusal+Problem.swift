import Hummingbird
import ShiftyDomain

extension Problem {
    /// A marketplace refusal as a problem document: the refusal's stable code and HTTP hint.
    init(_ refusal: MarketplaceRefusal) {
        self.init(HTTPResponse.Status(code: refusal.httpStatus), code: refusal.code.rawValue, detail: refusal.detail)
    }
}
