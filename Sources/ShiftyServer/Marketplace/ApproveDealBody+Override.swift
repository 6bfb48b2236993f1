import ShiftyAPI
import ShiftyDomain

extension ShiftyAPI.ApproveDealBody {
    /// The domain's override from the wire's `override`/`reason` pair: only `override: true`
    /// breaks the overridable rules (a missing reason is recorded as empty), like every other
    /// manager action with an override (`CreateShiftRequest.ruleOverride`).
    var ruleOverride: RuleOverride? { override == true ? RuleOverride(reason: reason ?? "") : nil }
}
