import ShiftyDomain

/// What a member may do in their workplace: the domain's list (the marketplace decides with the
/// same two roles), not a second one beside it.
public typealias Role = MarketplaceActor.Role

/// How a member is paid, which decides how the timeclock counts their month (seed 000).
public enum PayType: String, Codable, Sendable, CaseIterable {
    case normal
    case diligence
}
