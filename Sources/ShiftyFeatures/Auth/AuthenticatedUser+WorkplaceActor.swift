import ShiftyDomain

extension AuthenticatedUser {
    /// The caller as the workplace's deciders see them (closed days, fixed-shift requests, time off, timesheets).
    var workplaceActor: WorkplaceActor {
        WorkplaceActor(userID: UserID(rawValue: id), isManager: isManager)
    }
}
