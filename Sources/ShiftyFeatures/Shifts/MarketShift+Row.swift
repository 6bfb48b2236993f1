import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

extension ShiftyAPI.MarketShift {
    /// A shift as the API shows it, from a row of ``ShiftStore/select``.
    init(row: PostgresRow) throws {
        self.init(
            id: try row.decode("id"), ownerId: try row.decode("owner_id"), ownerName: try row.decode("owner_name"),
            date: try row.decode("local_date"), startTime: try row.decode("local_start"), endTime: try row.decode("local_end"),
            startsAt: try row.decode("starts_at"), endsAt: try row.decode("ends_at"), position: try row.decode("position"),
            status: Status(try row.decode("status", as: ShiftStatus.self)), dealId: try row.decode("deal_id"), requestId: try row.decode("request_id"),
            fixedShiftId: try row.decode("fixed_shift_id"), unassigned: try row.decode("unassigned"))
    }
}
