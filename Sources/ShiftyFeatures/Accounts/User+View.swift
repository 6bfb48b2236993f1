import ShiftyAPI
import ShiftyNotifications

extension ShiftyAPI.User {
    /// A member as the API shows them, from the server's member value.
    init(_ user: UserView) {
        self.init(
            id: user.id, workplaceID: user.workplaceID, username: user.username, displayName: user.displayName, email: user.email,
            emailInvalid: user.emailIsInvalid ? true : nil, role: Role(user.role), payType: PayType(user.payType), active: user.active)
    }
}

extension UserView {
    /// A stored address that fails ``EmailAddress``'s rule: shown to managers, never mailed.
    var emailIsInvalid: Bool {
        guard let email, !email.isEmpty else { return false }
        return EmailAddress(checking: email) == nil
    }

    /// Every answer with a member (a login, `/me`, the member lists) writes it as ShiftyAPI's
    /// `User`, the type clients decode (`APIWireGoldenTests`).
    public func encode(to encoder: any Encoder) throws {
        try ShiftyAPI.User(self).encode(to: encoder)
    }
}
