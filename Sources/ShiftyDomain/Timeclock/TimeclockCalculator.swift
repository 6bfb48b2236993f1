import Foundation

/// Seed 000's timeclock arithmetic, in minutes and in the workplace's time zone.
///
/// - A day is a local calendar day; sessions crossing local midnight are split there, and DST
///   days simply contain 23 or 25 hours of possible work.
/// - Worked time minus the break (punched, or else the workplace's ``BreakRule``s) is paid time.
/// - Which days are expected and what each day's quota is come from the member's
///   ``EmploymentTerms`` (employment period, fixed quota, contract hours); the default terms are
///   the seed's (every quota day, always employed).
/// - Daily overtime = paid − quota, not below `dailyOvertimeFloorMinutes`. An absent working
///   day is worked = 0, so with the defaults it scores the floor (−2 h), as in the seed.
/// - Weekly overtime = sum of the week's counted days, not below `weeklyOvertimeFloorMinutes`.
/// - Monthly overtime = sum of the weeks, not below `monthlyOvertimeFloorMinutes`.
///
/// Weeks across month boundaries: the seed walks the month's days and closes a week whenever
/// the next day has a different `weekOfMonth`, so a week straddling two months is split in
/// two partial weeks, each capped on its own and each belonging to its own month. Shifty does
/// the same with ISO weeks (Monday to Sunday, instead of the locale-dependent first weekday
/// of `Calendar.current`): a month's report only ever uses its own days, and the partial week
/// at either end is floored separately.
public struct TimeclockCalculator: Sendable {
    public var rules: TimeclockRules
    public var timeZone: WorkplaceTimeZone
    /// Precomputed day boundaries (see ``prepared(from:through:)``); `nil` asks the time zone.
    public var dayTable: LocalDayTable?

    public init(rules: TimeclockRules = .seed, timeZone: WorkplaceTimeZone) {
        self.rules = rules
        self.timeZone = timeZone
    }

    /// A calculator that knows the day boundaries of `first` through `last` by heart: the same
    /// results, much faster when one calculator computes many members' months over those dates.
    public func prepared(from first: LocalDate, through last: LocalDate) -> TimeclockCalculator {
        var copy = self
        copy.dayTable = LocalDayTable(timeZone: timeZone, from: first, through: last)
        return copy
    }

    func localDate(of instant: Date) -> LocalDate {
        dayTable?.localDate(of: instant) ?? timeZone.localDate(of: instant)
    }

    func endOfDay(_ date: LocalDate) -> Date {
        dayTable?.startOfDay(date.adding(days: 1)) ?? timeZone.endOfDay(date)
    }

    func lengthOfDayInMinutes(_ date: LocalDate) -> Int {
        guard let start = dayTable?.startOfDay(date), let end = dayTable?.startOfDay(date.adding(days: 1)) else {
            return timeZone.lengthOfDayInMinutes(date)
        }
        return Int((end.timeIntervalSince1970 - start.timeIntervalSince1970) / 60)
    }

    /// The report for one month.
    ///
    /// - Parameters:
    ///   - punches: the member's punches from at least one day before the month to one day after
    ///     (so sessions crossing the month's first or last midnight pair up).
    ///   - closedDates: dates the workplace was closed (days off for everyone).
    ///   - scheduled: the member's scheduled shifts: they make days expected (see
    ///     ``EmploymentTerms``) and give late/early/no-show.
    ///   - asOf: the last date to judge (usually today); later days are `upcoming`. `nil` judges
    ///     the whole month, as the seed does.
    ///   - terms: employment period, fixed quota and contract hours; the default is the seed's
    ///     "everybody works every quota day".
    public func monthReport(
        year: Int, month: Int, punches: [Punch], closedDates: Set<LocalDate> = [],
        scheduled: [ShiftInterval] = [], asOf: LocalDate? = nil, terms: EmploymentTerms = .seedFixedQuota,
        timeOffDates: Set<LocalDate> = []
    ) -> MonthReport {
        let dates = LocalDate.datesOfMonth(year: year, month: month)
        let paired = PairedPunches(punches)
        let days = dates.first.flatMap { first in
            dates.last.map { last in
                dayReports(
                    from: first, through: last, paired: paired, closedDates: closedDates, scheduled: scheduled, asOf: asOf, terms: terms,
                    timeOffDates: timeOffDates)
            }
        } ?? []
        let weeks = weekReports(days)
        let weekSum = weeks.reduce(0) { $0 + $1.overtimeMinutes }
        var counts = DayStatusCounts()
        for day in days { counts[day.status] += 1 }
        let monthDates = Set(dates)
        let deviations = scheduleDeviations(
            scheduled: scheduled.filter { monthDates.contains(localDate(of: $0.start)) },
            sessions: paired.sessions, days: Dictionary(uniqueKeysWithValues: days.map { ($0.date, $0) }))
        let counted = days.filter(\.countsTowardTotals)
        return MonthReport(
            year: year, month: month, days: days, weeks: weeks,
            workedMinutes: counted.reduce(0) { $0 + $1.workedMinutes },
            breakMinutes: counted.reduce(0) { $0 + $1.breakMinutes },
            paidMinutes: counted.reduce(0) { $0 + $1.paidMinutes },
            scheduledMinutes: days.reduce(0) { $0 + $1.scheduledMinutes },
            overtimeMinutes: max(weekSum, rules.monthlyOvertimeFloorMinutes),
            absences: counts.absent,
            diligenceAbsences: min(counts.absent, rules.diligenceAbsenceCap),
            statusCounts: counts,
            oddPunchDates: days.filter { $0.status == .oddPunches }.map(\.date),
            deviations: deviations)
    }

    /// Day reports for an arbitrary range of dates (a week view, "today"), judged like the
    /// month report. Pass punches from one day before `first` to one day after `last`.
    public func dayReports(
        from first: LocalDate, through last: LocalDate, punches: [Punch],
        closedDates: Set<LocalDate> = [], scheduled: [ShiftInterval] = [], asOf: LocalDate? = nil,
        terms: EmploymentTerms = .seedFixedQuota, timeOffDates: Set<LocalDate> = []
    ) -> [DayReport] {
        dayReports(from: first, through: last, paired: PairedPunches(punches), closedDates: closedDates,
                   scheduled: scheduled, asOf: asOf, terms: terms, timeOffDates: timeOffDates)
    }

    func dayReports(
        from first: LocalDate, through last: LocalDate, paired: PairedPunches,
        closedDates: Set<LocalDate>, scheduled: [ShiftInterval], asOf: LocalDate?, terms: EmploymentTerms,
        timeOffDates: Set<LocalDate> = []
    ) -> [DayReport] {
        guard first <= last else { return [] }
        let workedSeconds = secondsPerLocalDay(paired.sessions)
        let breakSeconds = secondsPerLocalDay(paired.breaks)
        let oddDates = Set(paired.unmatched.map { localDate(of: $0.instant) })
        var scheduledByDate: [LocalDate: (minutes: Int, paid: Int)] = [:]
        for shift in scheduled where shift.end > shift.start {
            let minutes = Int(shift.end.timeIntervalSince(shift.start) / 60)
            let paid = minutes - rules.breakRules.breakMinutes(forWorked: minutes)
            let date = localDate(of: shift.start)
            let sum = scheduledByDate[date] ?? (0, 0)
            scheduledByDate[date] = (sum.minutes + minutes, sum.paid + paid)
        }
        let count = min(first.days(until: last), 366 * 10) + 1
        return (0..<count).map { offset in
            let date = first.adding(days: offset)
            let shifts = scheduledByDate[date]
            return dayReport(
                date: date, workedSeconds: workedSeconds[date] ?? 0, punchedBreakSeconds: breakSeconds[date],
                scheduledMinutes: shifts?.minutes ?? 0, scheduledPaidMinutes: shifts?.paid ?? 0,
                hasOddPunches: oddDates.contains(date), isClosed: closedDates.contains(date), asOf: asOf, terms: terms,
                onTimeOff: timeOffDates.contains(date))
        }
    }

    /// Worked seconds per local date, each session split at local midnight.
    public func secondsPerLocalDay(_ sessions: [WorkSession]) -> [LocalDate: Int] {
        var result: [LocalDate: Int] = [:]
        for session in sessions where session.end > session.start {
            var date = localDate(of: session.start)
            var cursor = session.start
            while cursor < session.end {
                let dayEnd = endOfDay(date)
                // A session crossing midnight is cut on its own minute boundary just before it, so
                // its days add up to the minutes of the whole session: cut at midnight itself, an
                // hour from 23:15:37 gave 44 + 15 minutes, since each day's total is floored.
                let pieceEnd = dayEnd < session.end
                    ? max(cursor, session.start.addingTimeInterval((dayEnd.timeIntervalSince(session.start) / 60).rounded(.down) * 60))
                    : session.end
                result[date, default: 0] += Int(pieceEnd.timeIntervalSince(cursor).rounded(.down))
                cursor = pieceEnd
                date = date.adding(days: 1)
            }
        }
        return result
    }

    /// One day's status and figures, as the seed judged it (no schedule, always employed).
    public func dayReport(date: LocalDate, workedSeconds: Int, hasOddPunches: Bool, isClosed: Bool, asOf: LocalDate?) -> DayReport {
        dayReport(date: date, workedSeconds: workedSeconds, punchedBreakSeconds: nil, scheduledMinutes: 0, scheduledPaidMinutes: 0,
                  hasOddPunches: hasOddPunches, isClosed: isClosed, asOf: asOf, terms: .seedFixedQuota)
    }

    /// One day's status and figures.
    ///
    /// - Break: the punched break when the member punched one that day, else the break rules
    ///   applied to the worked time. Paid = worked − break; overtime is measured on paid time.
    /// - Quota: with contract hours, the workplace's weekday quota scaled to the contract (see
    ///   ``TimeclockRules/contractQuotaMinutes(on:contractMinutesPerWeek:)``), 0 on a day
    ///   without a quota, and the daily floor does not apply (the contract is a weekly figure);
    ///   for a fixed-quota member the weekday quota (or the scheduled paid time on a day
    ///   without one); otherwise the day's scheduled paid time, `nil` when not scheduled.
    /// - Approved time off (`onTimeOff`, whole or part of the day): a day without work is a day
    ///   off (no quota, never an absence); worked anyway, it is judged like any other day.
    public func dayReport(
        date: LocalDate, workedSeconds: Int, punchedBreakSeconds: Int?, scheduledMinutes: Int, scheduledPaidMinutes: Int,
        hasOddPunches: Bool, isClosed: Bool, asOf: LocalDate?, terms: EmploymentTerms, onTimeOff: Bool = false
    ) -> DayReport {
        let workedMinutes = workedSeconds / 60
        let breakMinutes = punchedBreakSeconds.map { min($0 / 60, workedMinutes) } ?? rules.breakRules.breakMinutes(forWorked: workedMinutes)
        let paidMinutes = workedMinutes - breakMinutes
        let length = lengthOfDayInMinutes(date)
        let employed = terms.isEmployed(on: date)
        let weekdayQuota = isClosed ? nil : rules.quotaMinutes(on: date.weekday)
        let isScheduled = scheduledMinutes > 0 && !isClosed
        let quota: Int?
        if !employed || isClosed || (onTimeOff && workedSeconds == 0) {
            quota = nil
        } else if let contract = terms.contractMinutesPerWeek {
            quota = rules.contractQuotaMinutes(on: date.weekday, contractMinutesPerWeek: contract) ?? 0
        } else if terms.worksFixedQuota {
            quota = weekdayQuota ?? (isScheduled ? scheduledPaidMinutes : nil)
        } else {
            quota = isScheduled ? scheduledPaidMinutes : nil
        }
        let expected = employed && !onTimeOff && (isScheduled || (terms.worksFixedQuota && weekdayQuota != nil))
        func report(_ status: DayStatus, overtime: Int?) -> DayReport {
            DayReport(date: date, status: status, workedMinutes: workedMinutes, breakMinutes: breakMinutes, paidMinutes: paidMinutes,
                      scheduledMinutes: scheduledMinutes, expected: expected, quotaMinutes: quota,
                      overtimeMinutes: overtime, lengthMinutes: length, isClosed: isClosed)
        }
        if let asOf, date > asOf { return report(.upcoming, overtime: nil) }
        // Odd punches win over everything else: the punches still need a manager's fix.
        if hasOddPunches { return report(.oddPunches, overtime: nil) }
        // Outside employment nobody is expected: like a day off, worked time is still paid.
        if !employed { return report(.notEmployed, overtime: rules.dayOffWorkCountsAsOvertime ? paidMinutes : 0) }
        guard let quota else {
            return report(.dayOff, overtime: rules.dayOffWorkCountsAsOvertime ? paidMinutes : 0)
        }
        let overtime = terms.contractMinutesPerWeek != nil ? paidMinutes - quota : max(paidMinutes - quota, rules.dailyOvertimeFloorMinutes)
        // Present means some worked time (a complete pair, possibly from last night) fell on the day.
        if workedSeconds > 0 { return report(.present, overtime: overtime) }
        return report(expected ? .absent : .notScheduled, overtime: overtime)
    }

    /// The month's days grouped into (partial) ISO weeks, each floored on its own.
    func weekReports(_ days: [DayReport]) -> [WeekReport] {
        WeekGroup.group(days, by: \.date).compactMap { group in
            guard let first = group.items.first, let last = group.items.last else { return nil }
            let counted = group.items.filter(\.countsTowardTotals)
            let sum = counted.reduce(0) { $0 + ($1.overtimeMinutes ?? 0) }
            return WeekReport(
                week: group.week, firstDate: first.date, lastDate: last.date,
                workedMinutes: counted.reduce(0) { $0 + $1.workedMinutes },
                paidMinutes: counted.reduce(0) { $0 + $1.paidMinutes },
                uncappedOvertimeMinutes: sum, overtimeMinutes: max(sum, rules.weeklyOvertimeFloorMinutes))
        }
    }

    /// Late arrival, early leave and no-show for scheduled shifts on judged, non-odd days.
    func scheduleDeviations(scheduled: [ShiftInterval], sessions: [WorkSession], days: [LocalDate: DayReport]) -> [ScheduleDeviation] {
        let tolerance = TimeInterval(rules.scheduleToleranceMinutes * 60)
        var result: [ScheduleDeviation] = []
        for shift in scheduled.sorted(by: { $0.start < $1.start }) {
            let date = localDate(of: shift.start)
            guard let day = days[date], day.status != .upcoming, day.status != .oddPunches, day.status != .notEmployed, !day.isClosed else { continue }
            let worked = sessions.filter { $0.start < shift.end && shift.start < $0.end }.sorted { $0.start < $1.start }
            guard let first = worked.first, let last = worked.last else {
                result.append(ScheduleDeviation(shiftID: shift.shiftID, date: date, kind: .noShow,
                                                minutes: Int(shift.end.timeIntervalSince(shift.start) / 60)))
                continue
            }
            if first.start.timeIntervalSince(shift.start) > tolerance {
                result.append(ScheduleDeviation(shiftID: shift.shiftID, date: date, kind: .lateArrival,
                                                minutes: Int(first.start.timeIntervalSince(shift.start) / 60)))
            }
            if shift.end.timeIntervalSince(last.end) > tolerance {
                result.append(ScheduleDeviation(shiftID: shift.shiftID, date: date, kind: .earlyLeave,
                                                minutes: Int(shift.end.timeIntervalSince(last.end) / 60)))
            }
        }
        return result
    }
}
