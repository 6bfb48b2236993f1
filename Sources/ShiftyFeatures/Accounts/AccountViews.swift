import Foundation

/// A member as the server works with them. Never carries the password hash. Answers write it as
/// ShiftyAPI's `User` (`User+View.swift`).
public struct UserView: Codable, Sendable, Equatable {
    public var id: Int64
    public var workplaceID: Int64
    public var username: String
    public var displayName: String
    public var email: String?
    public var role: Role
    public var payType: PayType
    public var active: Bool
}

/// A workplace as the server works with it. Answers write it as ShiftyAPI's `Workplace`
/// (`Workplace+View.swift`).
public struct WorkplaceView: Codable, Sendable, Equatable {
    public var id: Int64
    public var slug: String
    public var name: String
    public var timeZone: String
    public var settings: StoredWorkplaceSettings
}
