import Foundation
import ShiftyDomain
import ShiftyPostgres

/// A member's employment terms as the store reads and writes them (answers write them as
/// ShiftyAPI's `EmploymentView`, `EmploymentView+Stored.swift`).
public struct StoredEmployment: Sendable, Equatable {
    public var userID: Int64
    /// First day of employment (defaults to the day the account was made).
    public var start: LocalDate?
    /// Last day of employment (set when the member is deactivated); `null` while employed.
    public var end: LocalDate?
    /// Contract hours per week, in minutes; `null` without a contract.
    public var contractMinutesPerWeek: Int?
    /// Whether every quota day is a working day for this member (the seed's model).
    public var worksFixedQuota: Bool

    var terms: EmploymentTerms {
        EmploymentTerms(start: start, end: end, contractMinutesPerWeek: contractMinutesPerWeek, worksFixedQuota: worksFixedQuota)
    }
}

/// PUT /users/:id/employment (managers): fields left out keep their value; `null` clears end or contract.
package struct UpdateEmploymentRequest: Decodable {
    var start: LocalDate?
    var end: LocalDate??
    var contractMinutesPerWeek: Int??
    var worksFixedQuota: Bool?

    enum CodingKeys: String, CodingKey { case start, end, contractMinutesPerWeek, worksFixedQuota }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decodeIfPresent(LocalDate.self, forKey: .start)
        end = container.contains(.end) ? .some(try container.decodeIfPresent(LocalDate.self, forKey: .end)) : nil
        contractMinutesPerWeek = container.contains(.contractMinutesPerWeek)
            ? .some(try container.decodeIfPresent(Int.self, forKey: .contractMinutesPerWeek)) : nil
        worksFixedQuota = try container.decodeIfPresent(Bool.self, forKey: .worksFixedQuota)
    }
}

/// SQL for employment terms (columns of `users`, see sql/0008_timesheets.sql).
enum EmploymentStore {
    /// The columns to add to a `users u` select so that ``view(from:)`` can read them.
    static let columns = """
        u.id AS employment_user_id, to_char(u.employment_start, 'YYYY-MM-DD') AS employment_start,
        to_char(u.employment_end, 'YYYY-MM-DD') AS employment_end, u.contract_minutes_per_week, u.works_fixed_quota
        """

    static func view(from row: PostgresRow) throws -> StoredEmployment {
        StoredEmployment(
            userID: try row.decode("employment_user_id"),
            start: try row.decode("employment_start", as: String?.self).flatMap { LocalDate($0) },
            end: try row.decode("employment_end", as: String?.self).flatMap { LocalDate($0) },
            contractMinutesPerWeek: try row.decode("contract_minutes_per_week", as: Int?.self),
            worksFixedQuota: try row.decode("works_fixed_quota"))
    }

    static func employment(userID: Int64, workplaceID: Int64, on connection: PostgresConnection) throws -> StoredEmployment? {
        try connection.query("SELECT \(sql: columns) FROM users u WHERE u.id = \(userID) AND u.workplace_id = \(workplaceID)")
            .first.map { try view(from: $0) }
    }

    static func update(_ view: StoredEmployment, workplaceID: Int64, on connection: PostgresConnection) throws {
        try connection.execute(
            """
            UPDATE users SET employment_start = \(view.start?.description)::date, employment_end = \(view.end?.description)::date, contract_minutes_per_week = \(view.contractMinutesPerWeek), works_fixed_quota = \(view.worksFixedQuota)
            WHERE id = \(view.userID) AND workplace_id = \(workplaceID)
            """)
    }
}
