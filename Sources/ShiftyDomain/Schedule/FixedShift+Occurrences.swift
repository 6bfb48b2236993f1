import Foundation

/// Reference generation of concrete shifts (the SQL generator must produce exactly these).
extension FixedShift {
    /// The seed keeps every member's schedule filled eight weeks ahead.
    public static let generationWeeks = 8
    /// Upper bound on a requested window (ten years), so absurd input cannot overflow.
    public static let maximumGenerationWeeks = 520

    /// Occurrences whose local start date lies in `[today, today + weeks × 7)`, oldest first,
    /// skipping `closedDates`.
    ///
    /// - The start is the local `startTime` on that date under the workplace DST policy
    ///   (a time in the spring-forward gap moves forward by the gap, an ambiguous time takes
    ///   the first occurrence).
    /// - The end is `start + durationMinutes` of *elapsed* time. The rule stores a duration, not
    ///   an end time, so a 22:00 + 8 h night shift is 8 real hours even on DST nights (its end
    ///   reads 05:00 or 07:00 on the wall clock). In SQL: `start + duration * interval '1 minute'`.
    public func occurrences(
        from today: LocalDate, weeks: Int = FixedShift.generationWeeks,
        in timeZone: WorkplaceTimeZone, closedDates: Set<LocalDate> = []
    ) -> [ShiftOccurrence] {
        guard weeks > 0 else { return [] }
        let weeks = min(weeks, FixedShift.maximumGenerationWeeks)
        // First date on or after `today` with the rule's weekday.
        let offset = CivilCalendar.floorDivide(weekday.isoNumber - today.weekday.isoNumber, 7).remainder
        let windowEnd = today.adding(days: weeks * 7)
        var result: [ShiftOccurrence] = []
        var date = today.adding(days: offset)
        while date < windowEnd {
            if applies(on: date), !closedDates.contains(date) {
                let start = timeZone.instant(on: date, at: startTime)
                result.append(ShiftOccurrence(
                    fixedShiftID: id, owner: owner, date: date, start: start,
                    end: start.addingTimeInterval(TimeInterval(durationMinutes * 60)),
                    positionLabel: positionLabel))
            }
            date = date.adding(days: 7)
        }
        return result
    }
}
