import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres

/// Writes what `TimesheetDecider` decided, on the caller's transaction; returns the approvals it
/// made or changed as the API shows them.
enum TimesheetWriter {
    static func write(_ transition: TimesheetTransition, workplaceID: Int64, on connection: PostgresConnection) throws -> [ApprovalView] {
        switch transition {
        case .approve(let members, let first, let last, let approvedBy):
            return try TimesheetStore.approve(
                workplaceID: workplaceID, userIDs: members.map(\.rawValue), first: first, last: last, actorID: approvedBy.rawValue,
                on: connection)
        case .unlock(let id, let unlockedBy, let reason):
            return [try TimesheetStore.unlock(id: id.rawValue, actorID: unlockedBy.rawValue, reason: reason, on: connection)]
        }
    }
}
