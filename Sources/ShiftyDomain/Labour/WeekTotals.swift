/// The plan's totals for one ISO week (``LabourEstimate``): per person, per day and for the week.
/// Cost sits next to the minutes at each level, where wages are set (``WageHistory``).
public struct WeekTotals: Sendable, Hashable {
    /// The ISO week's Monday (also when the asked range starts later in the week).
    public var monday: LocalDate
    /// The week's dates inside the asked range, Monday first; fewer than seven when the range cuts the week.
    public var dates: [LocalDate]
    /// Scheduled minutes of everyone's shifts that start in this week (open shifts left out).
    public var minutes: Int
    /// Distinct people with at least one shift in the week.
    public var headcount: Int
    /// Open shifts (released, nobody covers them yet) starting in the week.
    public var openShifts: Int
    /// One entry per person listed, in the order they were given, then anyone else with a shift by id.
    public var people: [PersonWeekTotals]
    /// One entry per date of ``dates``.
    public var days: [DayTotals]
    /// What the week's costed shifts cost, in cents.
    public var costCents: Int
    /// Worked shifts whose holder has no wage on their date (left out of ``costCents``).
    public var uncostedShifts: Int
    /// The workplace's weekly labour budget, if it set one.
    public var budgetCents: Int?
    /// The cost is over the budget (judged on a whole week only, as a contract is).
    public var overBudget: Bool

    public init(
        monday: LocalDate, dates: [LocalDate], minutes: Int, headcount: Int, openShifts: Int, people: [PersonWeekTotals], days: [DayTotals],
        costCents: Int = 0, uncostedShifts: Int = 0, budgetCents: Int? = nil, overBudget: Bool = false
    ) {
        self.monday = monday
        self.dates = dates
        self.minutes = minutes
        self.headcount = headcount
        self.openShifts = openShifts
        self.people = people
        self.days = days
        self.costCents = costCents
        self.uncostedShifts = uncostedShifts
        self.budgetCents = budgetCents
        self.overBudget = overBudget
    }

    /// Whether the whole week lies inside the range: a cut week's person totals are not the
    /// week's, so a contract or limit is only judged on a whole week.
    public var isWholeWeek: Bool { dates.count == 7 }
}

/// One person's scheduled week against their contract and weekly limit.
public struct PersonWeekTotals: Sendable, Hashable {
    public var member: UserID
    /// Scheduled minutes of the shifts they hold that start in the week.
    public var minutes: Int
    /// How many such shifts.
    public var shifts: Int
    /// Contract minutes per week (``EmploymentTerms/contractMinutesPerWeek``); `nil` without a
    /// contract or when they are not employed on any day of the week.
    public var contractMinutes: Int?
    /// The `maxWeeklyHours` limit that applies to them (their own or the workplace's), in minutes.
    public var weeklyLimitMinutes: Int?
    /// More scheduled than the contract (a whole week only).
    public var overContract: Bool
    /// More scheduled than the weekly limit: the same sum the `max_weekly_hours` rule checks.
    public var overLimit: Bool
    /// What their costed shifts cost, in cents; `nil` when no wage of theirs applies in the week.
    public var costCents: Int?
    /// Their shifts on dates without a wage.
    public var uncostedShifts: Int

    public init(
        member: UserID, minutes: Int, shifts: Int, contractMinutes: Int?, weeklyLimitMinutes: Int?, overContract: Bool, overLimit: Bool,
        costCents: Int? = nil, uncostedShifts: Int = 0
    ) {
        self.member = member
        self.minutes = minutes
        self.shifts = shifts
        self.contractMinutes = contractMinutes
        self.weeklyLimitMinutes = weeklyLimitMinutes
        self.overContract = overContract
        self.overLimit = overLimit
        self.costCents = costCents
        self.uncostedShifts = uncostedShifts
    }
}

/// One date's staffing: how many people work and how long.
public struct DayTotals: Sendable, Hashable {
    public var date: LocalDate
    /// Distinct people with a shift starting that day: two shifts of one person count once.
    public var headcount: Int
    /// Scheduled minutes of the shifts starting that day.
    public var minutes: Int
    /// Open shifts starting that day (not in ``minutes``).
    public var openShifts: Int
    /// What the day's costed shifts cost, in cents.
    public var costCents: Int
    /// The day's worked shifts whose holder has no wage that day.
    public var uncostedShifts: Int

    public init(date: LocalDate, headcount: Int, minutes: Int, openShifts: Int, costCents: Int = 0, uncostedShifts: Int = 0) {
        self.date = date
        self.headcount = headcount
        self.minutes = minutes
        self.openShifts = openShifts
        self.costCents = costCents
        self.uncostedShifts = uncostedShifts
    }
}
