import Foundation

/// Why a manager should look at a day before approving it.
public enum TimesheetAttention: String, Sendable, Hashable, Codable, CaseIterable {
    /// Punches without a partner (the day is left out of totals until fixed).
    case oddPunches = "odd_punches"
    /// The day's last unmatched punch is a check-in: somebody forgot to check out.
    case missingCheckOut = "missing_check_out"
    /// Worked on a day the member was not expected (no scheduled shift, and not a quota day of a
    /// fixed-quota member).
    case workedWithoutShift = "worked_without_shift"
    /// A scheduled shift without any punch.
    case shiftWithoutPunches = "shift_without_punches"
    /// Arrived more than the review's threshold after a shift's start.
    case late
    /// Left more than the review's threshold before a shift's end.
    case early
}

/// One day of a timesheet under review: the day's figures and what needs attention.
public struct TimesheetDay: Sendable, Hashable, Codable {
    public var day: DayReport
    public var attention: [TimesheetAttention]
    /// Minutes late / early beyond the threshold (the largest of the day), 0 when neither.
    public var lateMinutes: Int
    public var earlyMinutes: Int

    public var needsAttention: Bool { !attention.isEmpty }
}

extension TimeclockCalculator {
    /// The days of `[first, last]` with what needs a manager's attention, judged like the month
    /// report; late and early count beyond `thresholdMinutes`.
    public func timesheet(
        from first: LocalDate, through last: LocalDate, punches: [Punch], closedDates: Set<LocalDate> = [],
        scheduled: [ShiftInterval] = [], asOf: LocalDate? = nil, terms: EmploymentTerms = .seedFixedQuota,
        thresholdMinutes: Int, timeOffDates: Set<LocalDate> = []
    ) -> [TimesheetDay] {
        let paired = PairedPunches(punches)
        let days = dayReports(
            from: first, through: last, paired: paired, closedDates: closedDates, scheduled: scheduled, asOf: asOf, terms: terms,
            timeOffDates: timeOffDates)
        var strict = self
        strict.rules.scheduleToleranceMinutes = thresholdMinutes
        let inRange = scheduled.filter { let date = localDate(of: $0.start); return date >= first && date <= last }
        let deviations = strict.scheduleDeviations(
            scheduled: inRange, sessions: paired.sessions, days: Dictionary(uniqueKeysWithValues: days.map { ($0.date, $0) }))
        var lastUnmatched: [LocalDate: Punch] = [:]
        for punch in paired.unmatched {
            let date = localDate(of: punch.instant)
            if let known = lastUnmatched[date], known.instant > punch.instant { continue }
            lastUnmatched[date] = punch
        }
        let deviationsByDate = Dictionary(grouping: deviations, by: \.date)
        return days.map { day in
            var attention: [TimesheetAttention] = []
            let found = deviationsByDate[day.date] ?? []
            if day.status == .oddPunches {
                attention.append(.oddPunches)
                if lastUnmatched[day.date]?.kind == .checkIn { attention.append(.missingCheckOut) }
            }
            if day.workedMinutes > 0, !day.expected { attention.append(.workedWithoutShift) }
            if found.contains(where: { $0.kind == .noShow }) { attention.append(.shiftWithoutPunches) }
            let late = found.filter { $0.kind == .lateArrival }.map(\.minutes).max() ?? 0
            let early = found.filter { $0.kind == .earlyLeave }.map(\.minutes).max() ?? 0
            if late > 0 { attention.append(.late) }
            if early > 0 { attention.append(.early) }
            return TimesheetDay(day: day, attention: attention, lateMinutes: late, earlyMinutes: early)
        }
    }
}
