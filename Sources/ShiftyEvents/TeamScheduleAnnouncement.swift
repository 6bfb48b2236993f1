/// The workplace-wide `team_schedule.changed` event: some shifts of the team's week changed.
///
/// Personal events (`shift.assigned`, `deal.approved`, …) reach only the people a change concerns,
/// but every member's team week grid shows everybody's shifts, so every writer of shifts also
/// tells the whole workplace which shifts, dates and people changed (`ShiftAnnouncer` in the
/// server writes it for every writer of shifts); a grid reloads only when a date it shows is among them. It carries no more than the grid already shows every member
/// (`GET /team-schedule`): ids, dates and owners.
package enum TeamScheduleAnnouncement {
    /// Above this many shifts a generation's announcement lists no ids (`shiftIds` is empty; the
    /// dates and owners are still complete): the grids reload by date, and the first generation of
    /// a large workplace would otherwise write and push every new shift's id (400,000 ids for
    /// 10,000 members: a megabytes event that cost first-time generation a third of its time).
    package static let maximumListedShifts = 500

    package struct Payload: Encodable {
        /// The changed shifts (empty when a whole rule changed: see `fixedShiftId`; empty when a
        /// generation made more than ``maximumListedShifts``).
        var shiftIds: [Int64]
        /// Their local dates, sorted, without repeats.
        var dates: [String]
        /// Everyone who owned or now owns one of them, sorted, so a member's own page can tell
        /// whether the change is theirs.
        var ownerIds: [Int64]
        var fixedShiftId: Int64?

        package init(shiftIds: [Int64], dates: [String], ownerIds: [Int64], fixedShiftId: Int64? = nil) {
            self.shiftIds = shiftIds
            self.dates = dates
            self.ownerIds = ownerIds
            self.fixedShiftId = fixedShiftId
        }
    }
}
