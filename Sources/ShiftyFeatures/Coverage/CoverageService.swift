import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// The staffing a workplace needs, and how the planned shifts meet it.
///
/// Every member may read the needs (a coworker deciding whether to offer a Friday shift can see
/// the bar needs two); only managers replace them. The plan (`ShiftService.plan`) compares them
/// with the shifts through ``Coverage/compute(needs:shifts:dates:zone:)``.
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
}
