import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// SQL for the publication record (sql/0017_schedule_publications.sql): persists what
/// `PublishedWeeks` decided, on the caller's connection and transaction, and reads it back per
/// workplace. Every function is scoped by workplace.
package enum ScheduleWeeksStore {
    /// Records one publication and moves each week it touched to its time, in one statement, inside
    /// the transaction that made the change: a change that rolls back leaves no record, and a
    /// recorded change cannot lose its record. The latest publication wins a week.
    static func record(_ publication: SchedulePublication, workplaceID: Int64, on connection: PostgresConnection) throws {
        guard !publication.mondays.isEmpty else { return }
        try connection.execute(
            """
            WITH publication AS (
                INSERT INTO schedule_publications (workplace_id, first_date, last_date, published_by, published_at, changes)
                VALUES (\(workplaceID), \(publication.firstDate.description)::date, \(publication.lastDate.description)::date,
                        \(publication.publishedBy?.rawValue), \(publication.publishedAt), \(Int64(publication.changes)))
                RETURNING id
            )
            INSERT INTO schedule_weeks (workplace_id, monday, published_at, publication_id)
            SELECT \(workplaceID), m.monday::date, \(publication.publishedAt), p.id
            FROM unnest(\(publication.mondays.map(\.description))::text[]) AS m(monday) CROSS JOIN publication p
            ON CONFLICT (workplace_id, monday) DO UPDATE
                SET published_at = EXCLUDED.published_at, publication_id = EXCLUDED.publication_id
            """)
    }

    /// Since when each of `mondays` is final in the workplace: one answer per Monday, in order,
    /// `publishedAt` nil for a week never published.
    static func weeks(_ mondays: [LocalDate], workplaceID: Int64, on connection: PostgresConnection) throws -> [ShiftyAPI.ScheduleWeekPublication] {
        let published = try connection.query(
            """
            SELECT monday::text AS monday, published_at FROM schedule_weeks
            WHERE workplace_id = \(workplaceID) AND monday = ANY(\(mondays.map(\.description))::date[])
            """).reduce(into: [String: Date]()) { published, row in
            published[try row.decode("monday")] = try row.decode("published_at")
        }
        return mondays.map { ShiftyAPI.ScheduleWeekPublication(monday: $0.description, publishedAt: published[$0.description]) }
    }
}

extension ShiftService {
    /// Since when each week `from` through `to` touches is final (`GET /schedule-weeks`): any
    /// member of the workplace, its own weeks only.
    package func scheduleWeeks(_ caller: AuthenticatedUser, from: LocalDate, to: LocalDate) async throws -> [ShiftyAPI.ScheduleWeekPublication] {
        try ShiftRules.checkPlanningRange(from: from, to: to)
        let mondays = PublishedWeeks.mondays(from: from, to: to)
        let workplaceID = caller.workplaceID
        return try await pool.withConnection { connection in
            try ScheduleWeeksStore.weeks(mondays, workplaceID: workplaceID, on: connection)
        }
    }
}
