import ShiftyDomain

/// Who performs a marketplace action, in which workplace.
package struct MarketplaceCaller: Sendable {
    var userID: Int64
    var workplaceID: Int64
    var isManager: Bool

    init(userID: Int64, workplaceID: Int64, isManager: Bool) {
        self.userID = userID
        self.workplaceID = workplaceID
        self.isManager = isManager
    }

    init(_ user: AuthenticatedUser) {
        self.init(userID: user.id, workplaceID: user.workplaceID, isManager: user.isManager)
    }

    /// The expiry sweeper acts for the system (the domain does not consult the actor for `expire`).
    static func system(workplaceID: Int64) -> MarketplaceCaller {
        MarketplaceCaller(userID: 0, workplaceID: workplaceID, isManager: true)
    }
}
