/// The rules of a member's employment terms, without I/O: who may read them, and which terms
/// make sense. The server loads the terms, lays the manager's changes over them, asks here, then
/// stores them.
public enum EmploymentRules {
    /// A weekly contract: from nothing to every minute of a week.
    public static let contractMinutesPerWeek = 0...(7 * 24 * 60)

    /// Whose terms or hours `actor` looks at: their own when they name nobody; a manager anyone's,
    /// an employee only their own (anyone else's is as missing as a member who does not exist).
    public static func member(_ asked: UserID?, by actor: WorkplaceActor) throws(EmploymentRefusal) -> UserID {
        let member = asked ?? actor.userID
        guard member == actor.userID || actor.isManager else { throw .memberNotFound }
        return member
    }

    /// Terms as they will be stored: a contract within ``contractMinutesPerWeek`` (or none), and an
    /// end on or after the start when both are known.
    public static func check(start: LocalDate?, end: LocalDate?, contractMinutesPerWeek contract: Int?) throws(EmploymentRefusal) {
        if let contract, !contractMinutesPerWeek.contains(contract) { throw .contractOutOfRange }
        if let start, let end, end < start { throw .endBeforeStart }
    }
}
