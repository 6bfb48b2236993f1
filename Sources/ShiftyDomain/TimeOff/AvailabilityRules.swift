/// Who sets a member's weekly availability, and how much of it there may be, without I/O.
public enum AvailabilityRules {
    /// Entries one member's week may hold.
    public static let maximumEntries = 50

    /// A member sets their own week; a manager anyone's. At most ``maximumEntries`` entries.
    public static func check(_ entries: [WeeklyAvailability], of member: UserID, by actor: WorkplaceActor) throws(AvailabilityRefusal) {
        guard actor.isManager || actor.userID == member else { throw .managerOnly }
        guard entries.count <= maximumEntries else { throw .tooManyEntries }
    }
}
