import Foundation
import ShiftyDomain
import ShiftyPostgres

/// SQL for members' wages (sql/0020_member_wages.sql) and the workplace's labour budget, scoped
/// by workplace in every statement.
enum WageStore {
    /// The wages of `members` (all members when `nil`), by member.
    static func wages(workplaceID: Int64, members: [Int64]? = nil, on connection: PostgresConnection) throws -> [UserID: WageHistory] {
        let rows = try connection.query(
            """
            SELECT user_id, effective_from::text AS effective_from, hourly_cents FROM member_wages
            WHERE workplace_id = \(workplaceID) AND (\(members == nil) OR user_id = ANY(\(members ?? [])))
            ORDER BY user_id, effective_from
            """)
        var byMember: [UserID: [Wage]] = [:]
        for row in rows {
            guard let date = LocalDate(try row.decode("effective_from", as: String.self)) else { continue }
            byMember[UserID(rawValue: try row.decode("user_id")), default: []].append(
                Wage(effectiveFrom: date, hourlyCents: Int(try row.decode("hourly_cents", as: Int32.self))))
        }
        return byMember.mapValues(WageHistory.init)
    }

    /// Replaces a member's whole list inside the caller's transaction.
    static func replace(
        _ wages: WageHistory, of userID: Int64, workplaceID: Int64, by actorID: Int64, at now: Date, on connection: PostgresConnection
    ) throws {
        try connection.execute("DELETE FROM member_wages WHERE user_id = \(userID) AND workplace_id = \(workplaceID)")
        for wage in wages.wages {
            try connection.execute(
                """
                INSERT INTO member_wages (workplace_id, user_id, effective_from, hourly_cents, set_by, set_at)
                VALUES (\(workplaceID), \(userID), \(wage.effectiveFrom.description)::date, \(Int32(wage.hourlyCents)), \(actorID), \(now))
                """)
        }
    }

    static func budget(workplaceID: Int64, on connection: PostgresConnection) throws -> LabourBudget {
        guard let row = try connection.query(
            "SELECT labour_currency, weekly_labour_budget_cents FROM workplaces WHERE id = \(workplaceID)").first
        else { return LabourBudget() }
        return LabourBudget(
            currency: try row.decode("labour_currency"),
            weeklyCents: try row.decode("weekly_labour_budget_cents", as: Int64?.self).map(Int.init))
    }

    static func setBudget(_ budget: LabourBudget, workplaceID: Int64, on connection: PostgresConnection) throws {
        try connection.execute(
            """
            UPDATE workplaces SET labour_currency = \(budget.currency), weekly_labour_budget_cents = \(budget.weeklyCents.map(Int64.init))
            WHERE id = \(workplaceID)
            """)
    }
}
