import ShiftyPostgres

/// The workplace-wide `team_schedule.changed` event: some shifts of the team's week changed.
///
/// Personal events (`shift.assigned`, `deal.approved`, …) reach only the people a change concerns,
/// but every member's team week grid shows everybody's shifts, so every writer of shifts also
/// tells the whole workplace which shifts, dates and people changed; a grid reloads only when a
/// date it shows is among them. It carries no more than the grid already shows every member
/// (`GET /team-schedule`): ids, dates and owners.
enum TeamScheduleAnnouncement {
    struct Payload: Encodable {
        /// The changed shifts (empty when a whole rule changed: see `fixedShiftId`).
        var shiftIds: [Int64]
        /// Their local dates, sorted, without repeats.
        var dates: [String]
        /// Everyone who owned or now owns one of them, sorted, so a member's own page can tell
        /// whether the change is theirs.
        var ownerIds: [Int64]
        var fixedShiftId: Int64?
    }

    /// Announces the current dates and owners of `shiftIDs` (plus `formerOwners`, who just lost one)
    /// inside the caller's transaction; nothing when the list is empty.
    static func insert(
        shiftIDs: [Int64], formerOwners: [Int64] = [], workplaceID: Int64, on connection: PostgresConnection
    ) throws {
        let ids = Array(Set(shiftIDs)).sorted()
        guard !ids.isEmpty else { return }
        let rows = try connection.query(
            "SELECT local_date::text AS day, owner_id FROM shifts WHERE workplace_id = $1 AND id = ANY($2)",
            [workplaceID, ids])
        var dates = Set<String>()
        var owners = Set(formerOwners)
        for row in rows {
            dates.insert(try row.decode("day", as: String.self))
            owners.insert(try row.decode("owner_id", as: Int64.self))
        }
        try EventWriter.insert(
            workplaceID: workplaceID, type: .teamScheduleChanged,
            payload: Payload(shiftIds: ids, dates: dates.sorted(), ownerIds: owners.sorted(), fixedShiftId: nil), on: connection)
    }

    /// Announces that one member's fixed shift (a weekly rule) changed: its future occurrences
    /// were regenerated or removed, on dates the event does not list (`dates` is empty).
    static func insert(fixedShiftID: Int64, owner: Int64, workplaceID: Int64, on connection: PostgresConnection) throws {
        try EventWriter.insert(
            workplaceID: workplaceID, type: .teamScheduleChanged,
            payload: Payload(shiftIds: [], dates: [], ownerIds: [owner], fixedShiftId: fixedShiftID), on: connection)
    }
}
