import Foundation
import ShiftyPostgres
import ShiftyServerCore

/// The display names a refusal or a preview names members by: one query, only the caller's
/// workplace's members (an id from elsewhere is simply not named, so its sentence names nobody).
package enum MemberNames {
    static func lookUp(_ ids: Set<Int64>, workplaceID: Int64, on connection: PostgresConnection) throws -> [Int64: String] {
        guard !ids.isEmpty else { return [:] }
        let rows = try connection.query(
            "SELECT id, display_name FROM users WHERE id = ANY(\(Array(ids).sorted())) AND workplace_id = \(workplaceID)")
        return Dictionary(
            try rows.map { (try $0.decode("id", as: Int64.self), try $0.decode("display_name", as: String.self)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// `problem` with the members its sentences name written by their display names, looked up
    /// in the workplace of the request's signed-in caller (``RequestWorkplace``). Without a caller,
    /// or when the lookup fails, the problem keeps the sentences that name nobody.
    package static func naming(_ problem: Problem, pool: PostgresPool?) async -> Problem {
        let ids = problem.memberIDs
        guard !ids.isEmpty, let pool, let workplaceID = RequestWorkplace.current?.workplaceID else { return problem }
        guard let names = try? await pool.withConnection({ try lookUp(ids, workplaceID: workplaceID, on: $0) }) else { return problem }
        return problem.naming(names)
    }
}
