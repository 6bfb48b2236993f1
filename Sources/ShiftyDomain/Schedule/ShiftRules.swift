/// Who manages fixed shifts, and how many days one look at the team's schedule covers: the
/// schedule's rules outside the marketplace, without I/O.
public enum ShiftRules {
    /// The longest team schedule in one request: two months.
    public static let teamScheduleMaximumDays = 62

    /// Managers manage everyone's fixed shifts; an employee their own, when the workplace allows it.
    public static func checkMayManageFixedShifts(
        of owner: UserID, by actor: WorkplaceActor, employeesManageFixedShifts: Bool
    ) throws(ShiftRefusal) {
        if actor.isManager { return }
        guard owner == actor.userID else { throw .managerOnly }
        guard employeesManageFixedShifts else { throw .fixedShiftsManagedByManagers }
    }

    /// The team's schedule on `from` through `to`: forwards, at most ``teamScheduleMaximumDays`` days.
    public static func checkTeamSchedule(from: LocalDate, to: LocalDate) throws(ShiftRefusal) {
        guard from <= to else { throw .rangeBackwards }
        guard from.adding(days: teamScheduleMaximumDays - 1) >= to else { throw .rangeTooLong }
    }

    /// A manager's plan on `from` through `to`: forwards, at most ``LabourEstimate/maximumDays`` days
    /// (eight weeks: what a manager plans at once, and a bounded amount of totals to add up).
    public static func checkPlan(from: LocalDate, to: LocalDate) throws(ShiftRefusal) {
        guard from <= to else { throw .rangeBackwards }
        guard from.adding(days: LabourEstimate.maximumDays - 1) >= to else { throw .planRangeTooLong }
    }
}
