import Foundation
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

extension TimeOff {
    /// A time-off request as the rules see it, from a row of ``TimeOffStore/lockForDecision(_:workplaceID:on:)``.
    /// An unknown status fails: inventing one would let the rules decide on a state that is not there.
    init(row: PostgresRow) throws {
        let status = try row.decode("status", as: TimeOffStatus.self)
        let start: Date = try row.decode("starts_at")
        let end: Date = try row.decode("ends_at")
        guard start <= end else { throw PostgresError(kind: .decoding, message: "time-off request ends before it starts") }
        self.init(
            id: TimeOffID(rawValue: try row.decode("id")), member: UserID(rawValue: try row.decode("user_id")),
            interval: start..<end, status: status)
    }
}
