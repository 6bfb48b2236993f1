import ShiftyAPI
import ShiftyDomain

extension ShiftyAPI.ActionPreview.Refusal {
    /// The refusal a preview reports, with the problem code and status the action itself would answer.
    init(_ refusal: MarketplaceRefusal) {
        self.init(code: ProblemCode(refusal.code).rawValue, status: refusal.httpStatus, detail: refusal.detail)
    }
}
