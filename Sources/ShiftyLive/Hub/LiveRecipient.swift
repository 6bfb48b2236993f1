/// Who is at the other end of a live connection: what every delivery is authorized against.
package struct LiveRecipient: Sendable, Hashable {
    var userID: Int64
    var workplaceID: Int64
    var isManager: Bool
    /// The session the connection was opened with; closing it (logout, password change, deactivation)
    /// ends the connection with 1008.
    var sessionID: Int64

    package init(userID: Int64, workplaceID: Int64, isManager: Bool, sessionID: Int64) {
        self.userID = userID
        self.workplaceID = workplaceID
        self.isManager = isManager
        self.sessionID = sessionID
    }
}
