/// The member performing a marketplace action, as the server authenticated them.
public struct Actor: Sendable, Hashable, Codable {
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
