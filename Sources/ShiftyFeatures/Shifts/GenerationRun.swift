import ShiftyEvents
/// What one schedule generation created in one workplace, for its events: statement 1's inserts
/// and the weeks the rulebook allowed after it, counted together so a run announces itself once.
struct GenerationRun: Sendable {
    var count = 0
    /// The new shifts' ids, while every one is known (statement 1 lists them only for small runs).
    var ids: [Int64] = []
    var idsComplete = true
    var dates: Set<String> = []
    var owners: Set<Int64> = []

    mutating func add(count: Int, ids: [Int64], dates: [String], owners: [Int64]) {
        self.count += count
        if ids.count < count { idsComplete = false }
        self.ids += ids
        self.dates.formUnion(dates)
        self.owners.formUnion(owners)
    }

    /// The ids the team week's announcement lists: none above
    /// `TeamScheduleAnnouncement.maximumListedShifts` (the grids reload by date).
    var listedIDs: [Int64] {
        idsComplete && count <= TeamScheduleAnnouncement.maximumListedShifts ? ids.sorted() : []
    }
}
