import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

extension ShiftyAPI.TimeOffRequest {
    /// A time-off request as the API shows it, from a row of ``TimeOffStore/columns``.
    init(row: PostgresRow) throws {
        self.init(
            id: try row.decode("id"), userId: try row.decode("user_id"), userName: try row.decode("user_name"),
            firstDate: try row.decode("first_date"), lastDate: try row.decode("last_date"),
            startTime: try row.decode("start_time", as: String?.self), endTime: try row.decode("end_time", as: String?.self),
            startsAt: try row.decode("starts_at"), endsAt: try row.decode("ends_at"), reason: try row.decode("reason"),
            status: Status(try row.decode("status", as: TimeOffStatus.self)), managerNote: try row.decode("manager_note", as: String?.self),
            decidedBy: try row.decode("decided_by", as: Int64?.self), decidedAt: try row.decode("decided_at", as: Date?.self),
            createdAt: try row.decode("created_at"))
    }
}
