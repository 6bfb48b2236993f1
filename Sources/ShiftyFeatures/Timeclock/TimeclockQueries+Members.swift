import Foundation
import ShiftyDomain
import ShiftyPostgres

extension TimeclockQueries {
    /// A member as the reports and timesheets see them.
    package struct MemberRow: Sendable {
        var id: Int64
        var username: String
        var displayName: String
        var payType: String
        var employment: StoredEmployment
    }

    /// The members a range's report is about: employed during part of it, or with punches in
    /// it (so a punch by a deactivated member never disappears from the totals unseen).
    static func members(context: TimeclockSettingsStore.Context, userID: Int64?, first: LocalDate, last: LocalDate, on connection: PostgresConnection) throws -> [MemberRow] {
        try connection.query(
            """
            SELECT u.id, u.username, u.display_name, u.pay_type, \(sql: EmploymentStore.columns) FROM users u
            WHERE u.workplace_id = \(context.workplaceID) AND (\(userID)::bigint IS NULL OR u.id = \(userID))
              AND (((u.active OR u.employment_end >= \(first.description)::date) AND (u.employment_start IS NULL OR u.employment_start <= \(last.description)::date))
                   OR EXISTS (SELECT 1 FROM punches p WHERE p.user_id = u.id AND p.at >= \(context.timeZone.startOfDay(first)) AND p.at < \(context.timeZone.endOfDay(last))))
            ORDER BY lower(u.display_name), u.id
            """).map { row in
            MemberRow(
                id: try row.decode("id"), username: try row.decode("username"), displayName: try row.decode("display_name"),
                payType: try row.decode("pay_type"), employment: try EmploymentStore.view(from: row))
        }
    }
}
