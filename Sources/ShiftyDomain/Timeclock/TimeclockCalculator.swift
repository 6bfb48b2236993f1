import Foundation

/// Seed 000's timeclock arithmetic, in minutes and in the workplace's time zone.
///
/// - A day is a local calendar day; sessions crossing local midnight are split there, and DST
///   days simply contain 23 or 25 hours of possible work.
/// - Daily overtime = worked − quota, not below `dailyOvertimeFloorMinutes`. An absent working
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
    ///   - scheduled: the member's scheduled shifts, for late/early/no-show detection.
    ///   - asOf: the last date to judge (usually today); later days are `upcoming`. `nil` judges
    ///     the whole month, as the seed does.
    public func monthReport(
        year: Int, month: Int, punches: [Punch], closedDates: Set<LocalDate> = [],
        scheduled: [ShiftInterval] = [], asOf: LocalDate? = nil
    ) -> MonthReport {
        let dates = LocalDate.datesOfMonth(year: year, month: month)
        let paired = PairedPunches(punches)
        let days = dates.first.flatMap { first in
            dates.last.map { last in
                dayReports(from: first, through: last, punches: punches, closedDates: closedDates, asOf: asOf)
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
        return MonthReport(
            year: year, month: month, days: days, weeks: weeks,
            workedMinutes: days.filter(\.countsTowardTotals).reduce(0) { $0 + $1.workedMinutes },
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
        closedDates: Set<LocalDate> = [], asOf: LocalDate? = nil
    ) -> [DayReport] {
        guard first <= last else { return [] }
        let paired = PairedPunches(punches)
        let workedSeconds = secondsPerLocalDay(paired.sessions)
        let oddDates = Set(paired.unmatched.map { localDate(of: $0.instant) })
        let count = min(first.days(until: last), 366 * 10) + 1
        return (0..<count).map { offset in
            let date = first.adding(days: offset)
            return dayReport(
                date: date, workedSeconds: workedSeconds[date] ?? 0, hasOddPunches: oddDates.contains(date),
                isClosed: closedDates.contains(date), asOf: asOf)
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
                let pieceEnd = min(dayEnd, session.end)
                result[date, default: 0] += Int(pieceEnd.timeIntervalSince(cursor).rounded(.down))
                cursor = pieceEnd
                date = date.adding(days: 1)
            }
        }
        return result
    }

    /// One day's status and figures.
    public func dayReport(date: LocalDate, workedSeconds: Int, hasOddPunches: Bool, isClosed: Bool, asOf: LocalDate?) -> DayReport {
        let workedMinutes = workedSeconds / 60
        let quota = isClosed ? nil : rules.quotaMinutes(on: date.weekday)
        let length = lengthOfDayInMinutes(date)
        func report(_ status: DayStatus, overtime: Int?) -> DayReport {
            DayReport(date: date, status: status, workedMinutes: workedMinutes, quotaMinutes: quota,
                      overtimeMinutes: overtime, lengthMinutes: length, isClosed: isClosed)
        }
        if let asOf, date > asOf { return report(.upcoming, overtime: nil) }
        // Odd punches win over "day off": the punches still need a manager's fix.
        if hasOddPunches { return report(.oddPunches, overtime: nil) }
        guard let quota else {
            return report(.dayOff, overtime: rules.dayOffWorkCountsAsOvertime ? workedMinutes : 0)
        }
        let overtime = max(workedMinutes - quota, rules.dailyOvertimeFloorMinutes)
        // Present means some worked time (a complete pair, possibly from last night) fell on the day.
        return report(workedSeconds > 0 ? .present : .absent, overtime: overtime)
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
                uncappedOvertimeMinutes: sum, overtimeMinutes: max(sum, rules.weeklyOvertimeFloorMinutes))
        }
    }

    /// Late arrival, early leave and no-show for scheduled shifts on judged, non-odd days.
    func scheduleDeviations(scheduled: [ShiftInterval], sessions: [WorkSession], days: [LocalDate: DayReport]) -> [ScheduleDeviation] {
        let tolerance = TimeInterval(rules.scheduleToleranceMinutes * 60)
        var result: [ScheduleDeviation] = []
        for shift in scheduled.sorted(by: { $0.start < $1.start }) {
            let date = localDate(of: shift.start)
            guard let day = days[date], day.status != .upcoming, day.status != .oddPunches, !day.isClosed else { continue }
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
