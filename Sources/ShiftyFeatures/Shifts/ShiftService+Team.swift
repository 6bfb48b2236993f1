import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

extension ShiftService {
    /// Everyone's shifts on local dates `[from, to]` (inclusive), for any member: who works when,
    /// which is what a member needs to pick a coworker's shift for a swap. Cancelled shifts are left out.
    package func teamSchedule(_ caller: AuthenticatedUser, from: LocalDate, to: LocalDate) async throws -> [ShiftyAPI.MarketShift] {
        try ShiftRules.checkTeamSchedule(from: from, to: to)
        let workplaceID = caller.workplaceID
        return try await pool.withConnection { connection in
            try ShiftStore.teamSchedule(workplaceID: workplaceID, from: from, until: to.adding(days: 1), on: connection)
        }
    }
}

extension ShiftStore {
    /// Every member's non-cancelled shifts on local dates `[from, until)`.
    package static func teamSchedule(workplaceID: Int64, from: LocalDate, until: LocalDate, on connection: PostgresConnection) throws -> [ShiftyAPI.MarketShift] {
        try connection.query(
            """
            \(sql: select)
            WHERE s.workplace_id = \(workplaceID) AND s.status <> 'cancelled'
              AND s.local_date >= \(from.description)::date AND s.local_date < \(until.description)::date
            ORDER BY s.starts_at, u.display_name, s.id
            """).map(ShiftyAPI.MarketShift.init(row:))
    }
}
