import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// The staffing a workplace needs, and how the planned shifts meet it.
///
/// Every member may read the needs (a coworker deciding whether to offer a Friday shift can see
/// the bar needs two); only managers replace them. The comparison itself is
/// ``Coverage/compute(needs:shifts:dates:zone:)``; this service only gathers its inputs.
package struct CoverageService {
    let pool: PostgresPool

    package init(pool: PostgresPool) {
        self.pool = pool
    }

    package func needs(_ caller: AuthenticatedUser) async throws -> CoverageNeedsView {
        let needs = try await pool.withConnection { connection in
            try CoverageNeedStore.needs(workplaceID: caller.workplaceID, on: connection)
        }
        return CoverageNeedsView(needs)
    }

    /// Replaces the whole list: the page edits it as one form, so there is nothing to merge.
    package func replaceNeeds(_ caller: AuthenticatedUser, with body: CoverageNeedsView) async throws -> CoverageNeedsView {
        try caller.requireManager()
        let needs = try CoverageNeed.checkedList(body.needs.map(\.draft))
        try await pool.transaction { connection in
            try CoverageNeedStore.replace(workplaceID: caller.workplaceID, with: needs, on: connection)
        }
        return CoverageNeedsView(needs)
    }

    /// Needs against the published shifts of `dates` (managers plan with it; the grid marks it).
    package func segments(_ caller: AuthenticatedUser, dates: [LocalDate]) async throws -> [CoverageSegment] {
        try caller.requireManager()
        guard let first = dates.min(), let last = dates.max() else { return [] }
        let zone = try caller.workplaceTimeZone()
        let (needs, shifts) = try await pool.withConnection { connection in
            let needs = try CoverageNeedStore.needs(workplaceID: caller.workplaceID, on: connection)
            // Shifts that start the day before may reach into an early need; an overnight need
            // reaches into the day after the range.
            let shifts = try connection.query(
                """
                SELECT starts_at, ends_at, position, CASE WHEN unassigned THEN NULL ELSE owner_id END AS owner_id
                FROM shifts
                WHERE workplace_id = \(caller.workplaceID) AND status <> 'cancelled'
                  AND local_date BETWEEN \(first.adding(days: -1).description)::date AND \(last.adding(days: 1).description)::date
                """
            ).map { row in
                StaffingShift(
                    start: try row.decode("starts_at"), end: try row.decode("ends_at"), position: try row.decode("position", as: String?.self),
                    owner: try row.decode("owner_id", as: Int64?.self).map(UserID.init(rawValue:)))
            }
            return (needs, shifts)
        }
        return Coverage.compute(needs: needs, shifts: shifts, dates: dates, zone: zone)
    }
}
