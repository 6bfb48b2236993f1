import Foundation
import ShiftyAPI

extension ShiftyAPI.Session {
    /// The answer to a login, sign-up, workplace creation or password reset: the new session's
    /// token and expiry with the server's member and workplace values.
    init(token: String, expiresAt: Date, user: UserView, workplace: WorkplaceView) {
        self.init(token: token, expiresAt: expiresAt, user: ShiftyAPI.User(user), workplace: ShiftyAPI.Workplace(workplace))
    }
}
