import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Reads and replaces a workplace's coverage needs (`coverage_needs`), in list order.
enum CoverageNeedStore {
    static func needs(workplaceID: Int64, on connection: PostgresConnection) throws -> [CoverageNeed] {
        try connection.query(
            """
            SELECT weekday, to_char(start_time, 'HH24:MI') AS start_time, to_char(end_time, 'HH24:MI') AS end_time, position, headcount
            FROM coverage_needs WHERE workplace_id = \(workplaceID) ORDER BY ordinal
            """
        ).map { row in
            let draft = CoverageNeedDraft(
                weekday: try row.decode("weekday"), startTime: try row.decode("start_time"), endTime: try row.decode("end_time"),
                position: try row.decode("position", as: String?.self), headcount: try row.decode("headcount"))
            // The table's checks are the domain's, so a stored row always reads; one that does not
            // is a fault of the server, not the caller's.
            do {
                return try draft.need()
            } catch {
                throw UnreadableCoverageNeed(refusal: error)
            }
        }
    }

    /// Replaces the whole list in one statement per row, inside the caller's transaction.
    static func replace(workplaceID: Int64, with needs: [CoverageNeed], on connection: PostgresConnection) throws {
        try connection.execute("DELETE FROM coverage_needs WHERE workplace_id = \(workplaceID)")
        for (ordinal, need) in needs.enumerated() {
            try connection.execute(
                """
                INSERT INTO coverage_needs (workplace_id, ordinal, weekday, start_time, end_time, position, headcount)
                VALUES (\(workplaceID), \(ordinal), \(need.weekday.rawValue), \(need.start.description)::time,
                        \(need.end.description)::time, \(need.position), \(need.headcount))
                """)
        }
    }
}

/// A stored need the domain refuses: the table and the domain disagree (a server fault).
struct UnreadableCoverageNeed: Error {
    let refusal: any Error
}
