import Hummingbird
import ShiftyDomain

extension Problem {
    /// A marketplace refusal as a problem document: the refusal's stable code and HTTP hint.
    init(_ refusal: MarketplaceRefusal) {
        self.init(HTTPResponse.Status(code: refusal.httpStatus), code: refusal.code.rawValue, detail: refusal.detail)
        // `Status(code:)` carries no reason phrase; the title must never be empty.
        if title.isEmpty {
            title = switch refusal.httpStatus {
            case 403: "Forbidden"
            case 404: "Not Found"
            case 409: "Conflict"
            case 422: "Unprocessable Content"
            default: "Refused"
            }
        }
    }
}
