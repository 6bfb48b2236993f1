import ShiftyAPI

/// Who a live connection belongs to, as the hub needs it: the recipient every event's audience is
/// checked against, and the member and workplace the `hello` names. The server makes it from the
/// authenticated session, so the live module knows nothing about sessions or accounts.
package struct LiveCaller: Sendable {
    package var recipient: LiveRecipient
    package var user: ShiftyAPI.LiveHello.User
    package var workplace: ShiftyAPI.LiveHello.Workplace

    package init(recipient: LiveRecipient, user: ShiftyAPI.LiveHello.User, workplace: ShiftyAPI.LiveHello.Workplace) {
        self.recipient = recipient
        self.user = user
        self.workplace = workplace
    }
}
