import Foundation

/// An open shift proposed to fill a coverage gap (drafted, then published like any shift).
public struct GapShift: Sendable, Hashable {
    public var date: LocalDate
    public var start: Date
    public var end: Date
    public var position: String?

    public init(date: LocalDate, start: Date, end: Date, position: String?) {
        self.date = date
        self.start = start
        self.end = end
        self.position = position
    }

    public var minutes: Int { Int(end.timeIntervalSince(start) / 60) }
}

/// Turns the short stretches of a coverage computation into open shifts.
///
/// Gaps are filled in layers: the first layer is every maximal run where at least one person is
/// missing, the second where at least two are, and so on. A bar short one person from 17:00 to
/// 23:00 and two from 19:00 to 21:00 gets one shift 17–23 and one 19–21, the fewest shifts that
/// cover it exactly, each one continuous stretch a person can work.
public enum CoverageFill {
    /// Runs shorter than `minimumMinutes` are left (nobody comes in for 15 minutes); a run longer
    /// than `maximumMinutes` is split into equal parts no longer than it (the workplace's longest
    /// shift), so a 16-hour gap becomes two 8-hour shifts instead of one nobody may work.
    /// Each shift's `date` is the local date it starts on in `zone` (a gap after midnight in an
    /// overnight need is a shift of the next date, as every shift is dated by its start).
    public static func openShifts(
        for segments: [CoverageSegment], zone: WorkplaceTimeZone, minimumMinutes: Int = 60, maximumMinutes: Int? = nil
    ) -> [GapShift] {
        var shifts: [GapShift] = []
        let groups = Dictionary(grouping: segments) { GroupKey(date: $0.date, position: $0.position?.lowercased() ?? "") }
        for key in groups.keys.sorted() {
            guard let group = groups[key]?.sorted(by: { $0.start < $1.start }) else { continue }
            let deepest = group.map(\.shortage).max() ?? 0
            guard deepest > 0 else { continue }
            for layer in 1...deepest {
                for run in self.runs(in: group, shortAtLeast: layer) {
                    let minutes = Int(run.end.timeIntervalSince(run.start) / 60)
                    guard minutes >= minimumMinutes else { continue }
                    shifts += self.split(run, into: maximumMinutes, zone: zone, position: group[0].position)
                }
            }
        }
        return shifts.sorted { ($0.date, $0.start, $0.position ?? "") < ($1.date, $1.start, $1.position ?? "") }
    }

    /// Maximal stretches of touching segments each at least `layer` short.
    static func runs(in segments: [CoverageSegment], shortAtLeast layer: Int) -> [(start: Date, end: Date)] {
        var runs: [(start: Date, end: Date)] = []
        for segment in segments where segment.shortage >= layer {
            if let last = runs.last, last.end == segment.start {
                runs[runs.count - 1].end = segment.end
            } else {
                runs.append((segment.start, segment.end))
            }
        }
        return runs
    }

    static func split(_ run: (start: Date, end: Date), into maximumMinutes: Int?, zone: WorkplaceTimeZone, position: String?) -> [GapShift] {
        let minutes = Int(run.end.timeIntervalSince(run.start) / 60)
        guard let maximumMinutes, maximumMinutes > 0, minutes > maximumMinutes else {
            return [GapShift(date: zone.localDate(of: run.start), start: run.start, end: run.end, position: position)]
        }
        let parts = (minutes + maximumMinutes - 1) / maximumMinutes
        // Whole minutes; the last part takes the remainder so the parts meet exactly.
        let length = minutes / parts
        return (0..<parts).map { index in
            let start = run.start.addingTimeInterval(TimeInterval(index * length * 60))
            let end = index == parts - 1 ? run.end : start.addingTimeInterval(TimeInterval(length * 60))
            return GapShift(date: zone.localDate(of: start), start: start, end: end, position: position)
        }
    }

    struct GroupKey: Hashable, Comparable {
        var date: LocalDate
        var position: String
        static func < (lhs: GroupKey, rhs: GroupKey) -> Bool { (lhs.date, lhs.position) < (rhs.date, rhs.position) }
    }
}
