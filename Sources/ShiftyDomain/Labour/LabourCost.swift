/// What an action would do to labour cost, for a manager's preview: each receiver's week before
/// and after at their wages, and the workplace's week against its budget. Pure: the server loads
/// the planned week and the wages; this only adds up, with the same rounding as ``LabourEstimate``.
///
/// A receiver's week is their effect's shifts (``ReceiverEffect/shiftsBefore`` and
/// ``ReceiverEffect/shiftsAfter``). The workplace's week changes by what each incoming shift costs
/// at its receiver's wage minus what it costs now at its current holder's (nothing for a new shift
/// or an open one): so a pick-up between two people on different wages, a swap, an edit of a
/// shift's hours and a new shift each move the week by exactly their difference, never twice.
public enum LabourCost {
    /// What one person's `shifts` of a week cost at their `wages`, each at the wage of its start
    /// date in `zone`; `nil` when no wage of theirs applies on any of the week's `dates` (the page
    /// says "no wage": not a cost of zero). Shifts on dates without a wage are left out.
    public static func cents(of shifts: [ShiftInterval], wages: WageHistory?, dates: [LocalDate], zone: WorkplaceTimeZone) -> Int? {
        guard let wages, dates.contains(where: { wages.wage(on: $0) != nil }) else { return nil }
        return shifts.reduce(0) { sum, shift in sum + (cost(of: shift, wages: wages, zone: zone) ?? 0) }
    }

    /// One shift's cost at the wage of its start date; `nil` when no wage applies that day.
    static func cost(of shift: ShiftInterval, wages: WageHistory?, zone: WorkplaceTimeZone) -> Int? {
        wages?.wage(on: shift.startDate(in: zone))?.cents(forMinutes: shift.minutes)
    }

    /// The cost side of a preview.
    ///
    /// - Parameters:
    ///   - planned: per ISO week an effect is in, the workplace's counted shifts of that week as
    ///     planned now (``LabourEstimate``'s input: open shifts marked, removed ones left out).
    public static func preview(
        effects: [ReceiverEffect], planned: [ISOWeek: [LabourShift]], wages: [UserID: WageHistory], budgetCents: Int?, zone: WorkplaceTimeZone
    ) -> CostPreview {
        let members = effects.map { effect in
            let dates = (0..<7).map { effect.week.monday.adding(days: $0) }
            return CostPreview.Member(
                member: effect.member, week: effect.week,
                beforeCents: cents(of: effect.shiftsBefore, wages: wages[effect.member], dates: dates, zone: zone),
                afterCents: cents(of: effect.shiftsAfter, wages: wages[effect.member], dates: dates, zone: zone))
        }
        var weeks: [CostPreview.Week] = []
        for week in Set(effects.map(\.week)).sorted(by: { $0.monday < $1.monday }) {
            let shifts = planned[week] ?? []
            let before = shifts.filter { !$0.open }.reduce(0) { $0 + (cost(of: $1.interval, wages: wages[$1.owner], zone: zone) ?? 0) }
            var change = 0
            for effect in effects where effect.week == week {
                let incoming = Set(effect.incoming)
                for shift in effect.shiftsAfter where incoming.contains(shift.shiftID) {
                    change += cost(of: shift, wages: wages[effect.member], zone: zone) ?? 0
                    if let now = shifts.first(where: { $0.interval.shiftID == shift.shiftID }), !now.open {
                        change -= cost(of: now.interval, wages: wages[now.owner], zone: zone) ?? 0
                    }
                }
            }
            weeks.append(CostPreview.Week(
                week: week, beforeCents: before, afterCents: before + change, budgetCents: budgetCents,
                overBudget: budgetCents.map { before + change > $0 } ?? false))
        }
        return CostPreview(members: members, weeks: weeks)
    }
}

/// What a previewed action costs (``LabourCost/preview(effects:planned:wages:budgetCents:zone:)``).
public struct CostPreview: Sendable, Hashable {
    /// One receiver's week at their wages; `nil` without a wage.
    public struct Member: Sendable, Hashable {
        public var member: UserID
        public var week: ISOWeek
        public var beforeCents: Int?
        public var afterCents: Int?
    }

    /// The workplace's week before and after, against the budget.
    public struct Week: Sendable, Hashable {
        public var week: ISOWeek
        public var beforeCents: Int
        public var afterCents: Int
        public var budgetCents: Int?
        /// The week would cost more than the budget after the action.
        public var overBudget: Bool
    }

    public var members: [Member]
    public var weeks: [Week]
}
