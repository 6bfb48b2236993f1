/// Who acts on the workplace's schedule and hours outside the marketplace (closed days, fixed-shift
/// requests, time off, timesheets), as the server authenticated them: the member, and whether they manage
/// the workplace. The deciders refuse a manager's step to anyone else.
public struct WorkplaceActor: Sendable, Hashable, Codable {
    public var userID: UserID
    public var isManager: Bool

    public init(userID: UserID, isManager: Bool) {
        self.userID = userID
        self.isManager = isManager
    }
}
