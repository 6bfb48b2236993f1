/// The manager's plan totals (`GET /plan`): scheduled hours per person, per day and per week,
/// against each person's contract hours and weekly hour limit. Pure: the store loads the shifts,
/// terms and limits; this only adds up.
///
/// The counting rules are the weekly-hours rule's (``Rulebook``, through `ShiftInterval.minutes`
/// and `ShiftInterval.week(in:)`): a shift counts with all its minutes (breaks included) on the
/// workplace-local date it starts, so a night shift 22:00–06:00 on Sunday is Sunday's and its
/// week's, never split over midnight. A person over their limit here is over it for the rule too.
///
/// An open shift (a manager released it: `unassigned`, on the marketplace, nobody has picked it up)
/// counts for nobody: not for the member it was released from, although the marketplace lets
/// them cover it until a pick-up is approved, because the plan's question is "whom do I still
/// need" and the released hours are exactly that. It is counted apart (``DayTotals/openShifts``)
/// and drawn in the grid's "Open shifts" row. Once somebody's pick-up is approved the shift is
/// theirs and counts for them.
///
/// Cost: each costed shift at the wage that applies on its start date (``WageHistory``), its
/// minutes times the hourly wage, rounded half up to the cent per shift; a shift on a date with
/// no wage for its holder is counted in `uncostedShifts`, never costed at zero, so the manager
/// sees that the sum is short. Open shifts cost nothing until somebody holds them.
///
/// Not estimated here: overtime by the timeclock's rules. `TimeclockCalculator` judges days of
/// punches against daily quotas and breaks, which a plan does not have; running it over invented
/// punches would be a second model of the timesheet, so it waits for the slice that needs it (cost).
public enum LabourEstimate {
    /// The totals of the ISO weeks that the dates `from` through `to` touch (each cut to the range).
    ///
    /// - Parameters:
    ///   - shifts: the range's published shifts (cancelled ones already left out); shifts starting
    ///     outside the range are ignored.
    ///   - people: the members to list even without a shift (the grid's rows), in display order.
    ///   - terms: employment terms by member (contract hours, employment period).
    ///   - limits: the workplace's hour limits; `memberLimits` a member's own, which replace them.
    ///   - wages: each member's wages (none: their shifts are not costed); `weeklyBudgetCents` the
    ///     workplace's budget a whole week's cost is judged against.
    public static func weeks(
        from: LocalDate, to: LocalDate, shifts: [LabourShift], people: [UserID], terms: [UserID: EmploymentTerms],
        limits: HourLimits, memberLimits: [UserID: MemberHourLimits], wages: [UserID: WageHistory] = [:], weeklyBudgetCents: Int? = nil,
        zone: WorkplaceTimeZone
    ) -> [WeekTotals] {
        guard from <= to else { return [] }
        var weeks: [WeekTotals] = []
        var monday = ISOWeek(containing: from).monday
        while monday <= to {
            let dates = (0..<7).map { monday.adding(days: $0) }.filter { $0 >= from && $0 <= to }
            weeks.append(week(
                monday: monday, dates: dates, shifts: shifts, people: people, terms: terms, limits: limits,
                memberLimits: memberLimits, wages: wages, weeklyBudgetCents: weeklyBudgetCents, zone: zone))
            monday = monday.adding(days: 7)
        }
        return weeks
    }

    /// One ISO week's totals over `dates` (the week's dates to count).
    static func week(
        monday: LocalDate, dates: [LocalDate], shifts: [LabourShift], people: [UserID], terms: [UserID: EmploymentTerms],
        limits: HourLimits, memberLimits: [UserID: MemberHourLimits], wages: [UserID: WageHistory], weeklyBudgetCents: Int?,
        zone: WorkplaceTimeZone
    ) -> WeekTotals {
        let counted = Set(dates)
        let inWeek = shifts.filter { counted.contains($0.interval.startDate(in: zone)) }
        let worked = inWeek.filter { !$0.open }
        // Each worked shift's cost at its holder's wage on its date; nil: no wage applies.
        let cost: (LabourShift) -> Int? = { LabourCost.cost(of: $0.interval, wages: wages[$0.owner], zone: zone) }
        let costed = { (shifts: [LabourShift]) in
            (cents: shifts.compactMap(cost).reduce(0, +), uncosted: shifts.filter { cost($0) == nil }.count)
        }

        let days = dates.map { date in
            let onDate = inWeek.filter { $0.interval.startDate(in: zone) == date }
            let staffed = onDate.filter { !$0.open }
            let money = costed(staffed)
            return DayTotals(
                date: date, headcount: Set(staffed.map(\.owner)).count, minutes: staffed.reduce(0) { $0 + $1.interval.minutes },
                openShifts: onDate.count - staffed.count, costCents: money.cents, uncostedShifts: money.uncosted)
        }

        var order = people
        let listed = Set(people)
        order += Set(worked.map(\.owner)).subtracting(listed).sorted { $0.rawValue < $1.rawValue }
        let wholeWeek = dates.count == 7
        let persons = order.map { member in
            let theirs = worked.filter { $0.owner == member }
            let minutes = theirs.reduce(0) { $0 + $1.interval.minutes }
            let employed = terms[member].map { term in dates.contains { term.isEmployed(on: $0) } } ?? true
            let contract = employed ? terms[member]?.contractMinutesPerWeek : nil
            let limit = limits.overridden(by: memberLimits[member]).maxWeeklyHours.map { $0.limit * 60 }
            return PersonWeekTotals(
                member: member, minutes: minutes, shifts: theirs.count, contractMinutes: contract, weeklyLimitMinutes: limit,
                overContract: wholeWeek && contract.map { minutes > $0 } ?? false,
                overLimit: limit.map { minutes > $0 } ?? false,
                costCents: LabourCost.cents(of: theirs.map(\.interval), wages: wages[member], dates: dates, zone: zone),
                uncostedShifts: theirs.filter { cost($0) == nil }.count)
        }

        let money = costed(worked)
        return WeekTotals(
            monday: monday, dates: dates, minutes: worked.reduce(0) { $0 + $1.interval.minutes },
            headcount: Set(worked.map(\.owner)).count, openShifts: inWeek.count - worked.count, people: persons, days: days,
            costCents: money.cents, uncostedShifts: money.uncosted, budgetCents: weeklyBudgetCents,
            overBudget: wholeWeek && weeklyBudgetCents.map { money.cents > $0 } ?? false)
    }
}
