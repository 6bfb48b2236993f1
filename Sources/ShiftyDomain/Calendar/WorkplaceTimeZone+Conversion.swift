import Foundation

/// Conversions between workplace-local wall time and absolute instants.
///
/// DST policy (documented product rule, mirrored by the SQL generator):
/// - a local time that does not exist (spring-forward gap) moves forward by the gap length,
///   so 02:30 on the last Sunday of March in Amsterdam becomes 03:30 CEST;
/// - a local time that exists twice (fall-back) takes the first occurrence (the summer-time one).
///
/// PostgreSQL's `(date + time) AT TIME ZONE tz` agrees on the gap but resolves an ambiguous
/// time to standard time, the *second* occurrence. SQL that must match this reference has to
/// correct for it, e.g. with `t := (local AT TIME ZONE tz)`: when
/// `((t - interval '1 hour') AT TIME ZONE tz) = local`, use `t - interval '1 hour'` instead
/// (1-hour shifts; Australia/Lord_Howe's 30-minute shift needs the same check with 30 minutes).
extension WorkplaceTimeZone {
    /// The instant at which the workplace clock shows `time` on `date`, following the DST policy.
    public func instant(on date: LocalDate, at time: LocalTime) -> Date {
        Date(timeIntervalSince1970: TimeInterval(epochSeconds(on: date, atMinute: time.minutesSinceMidnight)))
    }

    /// Seconds since the Unix epoch for local `date` plus `minute` minutes of wall time
    /// (`minute` may exceed a day; it is normalised onto the following dates first).
    func epochSeconds(on date: LocalDate, atMinute minute: Int) -> Int {
        let normalised = CivilCalendar.floorDivide(minute, LocalTime.minutesPerDay)
        let day = date.daysSinceEpoch + normalised.quotient
        // The wall-clock reading expressed as if it were UTC.
        let wall = day * 86_400 + normalised.remainder * 60
        let offsetBefore = offset(atEpochSeconds: wall - 86_400)
        let offsetAfter = offset(atEpochSeconds: wall + 86_400)
        let candidates = [wall - offsetBefore, wall - offsetAfter]
            .filter { offset(atEpochSeconds: $0) == wall - $0 }
        if let first = candidates.min() {
            return first // Unique, or the first of two (fall-back).
        }
        // Spring-forward gap: use the offset in force before the jump, which lands the
        // reading `gap` later on the new clock.
        return wall - offsetBefore
    }

    /// The UTC offset in seconds at an instant.
    func offset(atEpochSeconds seconds: Int) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The workplace-local date and minute of day at which `instant` falls.
    public func localDateTime(of instant: Date) -> (date: LocalDate, time: LocalTime) {
        let seconds = WorkplaceTimeZone.epochSeconds(of: instant)
        let wall = seconds + offset(atEpochSeconds: seconds)
        let split = CivilCalendar.floorDivide(wall, 86_400)
        return (LocalDate(daysSinceEpoch: split.quotient), LocalTime(uncheckedMinutes: split.remainder / 60))
    }

    /// Whole seconds since the epoch, clamped to ±10^12 s (about ±31 700 years) so that
    /// non-finite or absurd instants cannot trap in the integer conversion.
    static func epochSeconds(of instant: Date) -> Int {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite else { return 0 }
        return Int(min(max(seconds, -1e12), 1e12).rounded(.down))
    }

    /// The workplace-local date on which `instant` falls.
    public func localDate(of instant: Date) -> LocalDate {
        localDateTime(of: instant).date
    }

    /// The first instant of the local day `date`.
    public func startOfDay(_ date: LocalDate) -> Date {
        instant(on: date, at: .midnight)
    }

    /// The first instant after the local day `date` (start of the next day); days are half-open.
    public func endOfDay(_ date: LocalDate) -> Date {
        startOfDay(date.adding(days: 1))
    }

    /// Length of the local day in minutes: 1440, or 1380/1500 on DST change days.
    public func lengthOfDayInMinutes(_ date: LocalDate) -> Int {
        Int((endOfDay(date).timeIntervalSince1970 - startOfDay(date).timeIntervalSince1970) / 60)
    }
}
