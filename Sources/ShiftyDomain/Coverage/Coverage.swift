import Foundation

/// Compares the staffing a workplace needs with the shifts it has planned, per date and position.
///
/// A sweep over each date's need windows, cut at every need and shift boundary, so a segment is
/// a stretch where neither the need nor the staffing changes. Windows are turned into instants in
/// the workplace's zone (`WorkplaceTimeZone.instant`), so a need from 17:00 to 23:00 is 6 hours
/// on every date and one across a DST change is as long as the clock on the wall says.
public enum Coverage {
    /// Segments of every need on `dates`, ordered by date, position (anyone first) and start.
    /// Adjacent stretches with the same numbers are one segment.
    public static func compute(needs: [CoverageNeed], shifts: [LabourShift], dates: [LocalDate], zone: WorkplaceTimeZone) -> [CoverageSegment] {
        var segments: [CoverageSegment] = []
        for date in dates.sorted() {
            let today = needs.filter { $0.weekday == date.weekday }
            let byPosition = Dictionary(grouping: today, by: \.positionKey)
            for key in byPosition.keys.sorted() {
                guard let group = byPosition[key], let first = group.first else { continue }
                segments += self.segments(of: group, position: first.position, on: date, shifts: shifts, zone: zone)
            }
        }
        return segments
    }

    /// One position's needs on one date (several needs of one position add up where they overlap).
    static func segments(of needs: [CoverageNeed], position: String?, on date: LocalDate, shifts: [LabourShift], zone: WorkplaceTimeZone) -> [CoverageSegment] {
        let windows = needs.map { need in
            (start: zone.instant(on: date, at: need.start),
             end: zone.instant(on: need.endsNextDay ? date.adding(days: 1) : date, at: need.end),
             headcount: need.headcount)
        }
        // An open shift is planned but nobody works it yet: counting it would hide the very gap it is for.
        let staffing = shifts.filter { !$0.open && needs[0].isStaffed(byPosition: $0.interval.position) }
        var cuts = Set<Date>()
        for window in windows { cuts.formUnion([window.start, window.end]) }
        for shift in staffing { cuts.formUnion([shift.interval.start, shift.interval.end]) }
        let ordered = cuts.sorted()
        var result: [CoverageSegment] = []
        for (from, to) in zip(ordered, ordered.dropFirst()) {
            let needed = windows.filter { $0.start <= from && to <= $0.end }.reduce(0) { $0 + $1.headcount }
            guard needed > 0 else { continue }
            // People, not shifts: one person with two overlapping shifts stands in one place.
            let staffed = Set(staffing.filter { $0.interval.start <= from && to <= $0.interval.end }.map(\.owner)).count
            if var last = result.last, last.end == from, last.needed == needed, last.staffed == staffed {
                last.end = to
                result[result.count - 1] = last
            } else {
                result.append(CoverageSegment(date: date, position: position, start: from, end: to, needed: needed, staffed: staffed))
            }
        }
        return result
    }
}
