/// A name tile on the kiosk (`GET /api/v1/kiosk/tiles`): somebody scheduled around now (or checked in).
public struct KioskTileView: Codable, Sendable, Hashable {
    public var userID: Int64
    public var username: String
    public var displayName: String
    public var hasPin: Bool
    public var checkedIn: Bool

    public init(userID: Int64, username: String, displayName: String, hasPin: Bool, checkedIn: Bool) {
        self.userID = userID
        self.username = username
        self.displayName = displayName
        self.hasPin = hasPin
        self.checkedIn = checkedIn
    }
}
