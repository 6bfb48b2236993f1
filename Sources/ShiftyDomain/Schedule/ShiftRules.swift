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

    /// The longest range planning reads at once (a plan, the weeks' publication times): eight
    /// weeks, the horizon generation keeps ahead, and a bounded amount of totals to add up.
    public static let planningMaximumDays = 7 * FixedShift.generationWeeks

    /// A planning range `from` through `to` (`GET /plan`, `GET /schedule-weeks`): forwards, at most
    /// ``planningMaximumDays`` days, both included.
    public static func checkPlanningRange(from: LocalDate, to: LocalDate) throws(ShiftRefusal) {
        guard from <= to else { throw .rangeBackwards }
        guard from.adding(days: planningMaximumDays - 1) >= to else { throw .planningRangeTooLong }
    }
}
