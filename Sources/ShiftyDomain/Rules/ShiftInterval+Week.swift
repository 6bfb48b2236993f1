import Foundation

/// How the weekly-hours rule measures a shift, shared with the plan's totals (``LabourEstimate``)
/// so that "31 / 32 h" on the grid and the `max_weekly_hours` refusal always agree.
extension ShiftInterval {
    /// Whole minutes from start to end (rounded), breaks included: the scheduled length.
    public var minutes: Int { Int((end.timeIntervalSince(start) / 60).rounded()) }

    /// The workplace-local date the shift starts on: a night shift belongs to the day (and the ISO
    /// week) it starts in, with all its minutes.
    public func startDate(in zone: WorkplaceTimeZone) -> LocalDate { zone.localDate(of: start) }

    /// The ISO week the shift counts in for the weekly hours: the week of its start date.
    public func week(in zone: WorkplaceTimeZone) -> ISOWeek { ISOWeek(containing: startDate(in: zone)) }
}
