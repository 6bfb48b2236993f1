import Foundation

/// A member who is checked in right now (`GET /api/v1/timeclock/present`, the manager's "who is here" list).
public struct PresentMemberView: Codable, Sendable, Hashable {
    public var userID: Int64
    public var username: String
    public var displayName: String
    /// When they checked in.
    @ISO8601Date public var since: Date

    public init(userID: Int64, username: String, displayName: String, since: Date) {
        self.userID = userID
        self.username = username
        self.displayName = displayName
        self.since = since
    }
}
