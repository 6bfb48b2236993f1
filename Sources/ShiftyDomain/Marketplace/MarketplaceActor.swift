/// The member performing a marketplace action, as the server authenticated them.
///
/// Not called `Actor`: that would shadow Swift's `Actor` protocol in every module importing
/// ShiftyDomain (breaking `isolated (any Actor)?` parameters).
public struct MarketplaceActor: Sendable, Hashable, Codable {
    public var userID: UserID
    public var role: Role
    /// Deactivated members keep their history but cannot trade.
    public var isActive: Bool

    public init(userID: UserID, role: Role, isActive: Bool = true) {
        self.userID = userID
        self.role = role
        self.isActive = isActive
    }

    /// What a member may do in a workplace.
    public enum Role: String, Sendable, Hashable, Codable, CaseIterable {
        case employee
        /// May also approve and reject deals.
        case manager
    }
}
